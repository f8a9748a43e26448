/**
 * Every user-visible string of the site's own UI (content from the CMS is not here).
 * Keys are grouped by where they appear. `{name}` marks a value filled in by `t()`.
 * A Nepali catalogue must provide exactly these keys: see `Messages`.
 */
export const en = {
  "site.skipToContent": "Skip to main content",

  "nav.label": "Main",
  "nav.home": "Home",
  "nav.objectives": "Our Objectives",
  "nav.committee": "Committee",
  "nav.organization": "Organization",
  "nav.gallery": "Gallery",
  "nav.blogs": "Blogs",
  "nav.contact": "Contact Us",
  "nav.menu": "Menu",
  "nav.social": "Follow us on {label}",
  "nav.socialFallback": "our social page",
  "nav.homeLink": "{name}, home page",

  // Language. The switcher names the other language in that language.
  "lang.label": "Language",
  "lang.switch": "नेपाली",
  // On phones narrower than 400 px, where the header has no room for the whole name.
  "lang.switchShort": "ने",
  "lang.fallbackNotice": "This has not been translated into Nepali yet, so it is shown in English.",
  "lang.fallbackBadge": "In English",
  "lang.suggest.text": "This website is also available in Nepali.",
  "lang.suggest.action": "Read this page in Nepali",
  "lang.suggest.dismiss": "No thanks",

  "footer.aboutUs": "About Us",
  "footer.contact": "Get in touch",
  "footer.address": "Address",
  "footer.phone": "Phone",
  "footer.email": "E-mail",
  "footer.explore": "Explore",
  "footer.scrollToTop": "Back to top",
  "footer.copyright": "© {year} {name}. All rights reserved.",

  "donate.button": "Donate",
  "donate.title": "Support the children",
  "donate.intro":
    "Your gift pays for food, school, health care and a safe home. This website does not take payments: choose an amount and a way to give, then contact us and we will help you complete your donation.",
  "donate.amountLegend": "Choose an amount",
  "donate.amount": "NPR {amount}",
  "donate.methodLegend": "How would you like to give?",
  "donate.method.paypal": "Paypal",
  "donate.method.offline": "Offline Donation",
  "donate.method.credit": "Credit Card",
  "donate.method.debit": "Debit Card",
  "donate.howTo": "To give, write to us or call us:",
  "donate.emailUs": "E-mail us about this donation",
  "donate.callUs": "Call {phone}",
  "donate.noPayment": "No payment is made on this site. Nothing is charged until you confirm with us.",
  "donate.mailSubject": "Donation of NPR {amount}",
  "donate.mailBody":
    "Hello,\n\nI would like to donate NPR {amount} by {method}. Please tell me how to complete the donation.\n\nThank you.",
  "donate.close": "Close",
  "donate.contactSection": "How to donate",

  "common.close": "Close",
  "common.readMore": "Read more",
  "common.showLess": "Show less",
  "common.backHome": "Back to home",
  "common.error": "Error: {error}",

  "errors.cmsUnavailable": "Our content service is not responding right now. Please try again in a few minutes.",
  "errors.generic": "Something went wrong",
  "errors.unavailableTitle": "We'll be right back",
  "errors.unexpectedTitle": "Something went wrong",
  "errors.unexpectedText": "An unexpected error happened. Please try again, or go back to the home page.",

  "notFound.title": "Oops! Page not found",
  "notFound.text": "The page you are looking for does not exist or has moved.",
  "notFound.metaTitle": "Page not found",

  "home.slider.label": "Highlights",
  "home.slider.slide": "Slide {current} of {total}",
  "home.slider.previous": "Previous slide",
  "home.slider.next": "Next slide",
  "home.slider.goTo": "Go to slide {number}",
  "home.slider.pause": "Pause slideshow",
  "home.slider.play": "Play slideshow",
  "home.hero.learnMore": "Learn about us",

  "objectives.banner": "OUR OBJECTIVES",
  "objectives.core": "Core objectives",
  "objectives.additional": "Additional objectives",
  "objectives.keyAreas": "Key areas of work",

  "committee.title": "OUR COMMITTEE MEMBERS",
  "committee.loadError": "Failed to fetch team members",
  "committee.empty": "No committee members to show yet.",
  "committee.photoAlt": "Photo of {name}",
  "committee.loading": "Loading committee members...",

  "organization.banner": "ORGANIZATION",
  "organization.history": "Our history",

  "blogs.title": "Blogs",
  "blogs.intro": "News and stories from the home.",
  "blogs.empty": "No blog posts yet. Please check back soon.",
  "blogs.by": "By {author}",
  "blogs.loading": "Loading blogs...",
  "blogs.rssTitle": "{name} blog",
  "blogs.rss": "RSS feed",

  "blog.loading": "Loading blog details...",
  "blog.notFound": "No blog found.",
  "blog.author": "Author",
  "blog.published": "Published",
  "blog.back": "All blogs",

  "gallery.title": "Gallery",
  "gallery.intro": "Moments from everyday life at the home.",
  "gallery.tabs": "Gallery sections",
  "gallery.images": "Images",
  "gallery.videos": "Videos",
  "gallery.loadingImages": "Loading images...",
  "gallery.loadingVideos": "Loading videos...",
  "gallery.errorImages": "Error loading images: {error}",
  "gallery.errorVideos": "Error loading videos: {error}",
  "gallery.emptyImages": "No images yet.",
  "gallery.emptyVideos": "No videos yet.",
  "gallery.openImage": "Open image: {title}",
  "gallery.downloadVideo": "Download the video",

  "contact.title": "Contact Us",
  "contact.intro": "We would love to hear from you. Visit, call or write to us.",
  "contact.address": "Address",
  "contact.phone": "Phone",
  "contact.email": "E-mail",
  "contact.social": "Social",
  "contact.map": "Map",
  "contact.mapTitle": "Map showing {label}",
  "contact.mapLink": "Open the map in a new tab",
  "contact.donateText":
    "We welcome donations of any size. This website does not take payments: e-mail or call us and we will explain how to give by bank transfer, in person, or by card.",
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
