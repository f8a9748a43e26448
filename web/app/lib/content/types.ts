import type { ImageData } from "./media";

// View models: what loaders hand to components. Plain, serialisable, already sanitised.
// `fallback: true` (Nepali pages only, ADR 005): there is no Nepali version, this is the English
// text; the page shows it inside lang="en", with a short notice.

export interface MaybeFallback {
  fallback?: true;
}

export interface SiteSettings extends MaybeFallback {
  name: string;
  tagline: string;
  aboutText: string;
  address: string;
  phone: string;
  phoneHref: string;
  email: string;
  socialUrl: string | null;
  socialLabel: string;
  mapEmbedUrl: string | null;
  mapUrl: string | null;
  mapLabel: string | null;
  /** How many children live at the home, and how many it has room for (null: not given). */
  childrenCount: number | null;
  capacity: number | null;
  /** The home's registration, shown to donors. */
  registration: { office: string | null; number: string | null; pan: string | null; partner: string | null };
  /** The ways to give, in the order Managers set. */
  giving: WayToGiveView[];
  siteUrl: string;
}

export interface WayToGiveView extends MaybeFallback {
  name: string;
  instructions: string;
  bankName: string | null;
  accountName: string | null;
  accountNumber: string | null;
  branch: string | null;
  swift: string | null;
  /** https only. */
  linkUrl: string | null;
  /** The QR code, its alt text the one staff wrote (or the method's name). */
  qr: ImageData | null;
}

export interface HeroSlideView {
  /** Sanitised inline HTML. */
  headingHtml: string;
  /** Sanitised inline HTML. */
  textHtml: string;
  image: ImageData | null;
}

export interface TitledText {
  title: string;
  description: string;
}

export interface BenefitView {
  title: string;
  image: ImageData | null;
  items: string[];
}

export interface HomeView extends MaybeFallback {
  slides: HeroSlideView[];
  welcomeHeading: string;
  welcomeIntro: string;
  welcomeCards: TitledText[];
  benefitsHeading: string;
  benefitsIntro: string;
  benefits: BenefitView[];
  participationHeading: string;
  participationIntro: string;
  participationImage: ImageData | null;
  initiatives: TitledText[];
  admissionHeading: string;
  admissionIntro: string;
  admissionLists: { title: string; items: string[] }[];
  /** Plain-text description for meta tags. */
  description: string;
  ogImage: string | null;
}

export interface ObjectivesView extends MaybeFallback {
  bannerTitle: string;
  intro: string;
  coreObjectives: TitledText[];
  additionalObjectives: string[];
  keyAreas: TitledText[];
}

export interface OrganizationView extends MaybeFallback {
  bannerTitle: string;
  journeyHeading: string;
  journey: string;
  commitmentsHeading: string;
  commitments: string;
  standardsHeading: string;
  standards: string[];
  historyCards: { title: string; yearBs: number | null; text: string }[];
  programmesHeading: string;
  programmes: TitledText[];
  challengesHeading: string;
  challenges: string[];
}

export interface MemberView extends MaybeFallback {
  id: number;
  name: string;
  role: string;
  photo: ImageData | null;
}

export interface BlogCardView extends MaybeFallback {
  id: number;
  title: string;
  author: string;
  /** ISO timestamp; pages write it as BS and AD (formatBsAd). */
  createdAt: string;
  excerpt: string;
  image: ImageData | null;
}

/** A post as its page shows it. */
export interface BlogView extends BlogCardView {
  /** Sanitised HTML rendered from Markdown. */
  contentHtml: string;
  description: string;
}

export interface GalleryImageView extends MaybeFallback {
  id: number;
  title: string;
  description: string;
  image: ImageData;
}

export interface GalleryVideoView extends MaybeFallback {
  id: number;
  title: string;
  description: string;
  src: string;
  mime: string;
  /** The frame shown before play (a resized upload), or null: the site's neutral poster then. */
  poster: string | null;
}
