/**
 * Demo / seed content for the children's home website, as plain typed data.
 *
 * Attribute names follow the content model in src/api/** /schema.json and
 * src/components/**. Media attributes are given as an ImageSpec (rendered by
 * ./images and uploaded by the seed runner) instead of a media id; gallery
 * videos name a file in cms/seed-media/videos/.
 *
 * Texts marked "spec" are taken word for word from the product spec
 * (only the first letter of list items is capitalised). Everything else is
 * honest placeholder wording: no statistics beyond the spec's constants, no
 * real people, no bank details.
 */
import type { SceneName } from './images';

export interface ImageSpec {
  /** Unique, stable key; also seeds the image generator (same key -> same bytes). */
  key: string;
  width: number;
  height: number;
  scene: SceneName;
  /** Alternative text for the uploaded file. */
  alt: string;
}

export interface ListItem {
  text: string;
}

export interface TitledText {
  title: string;
  description: string;
}

export interface HeroSlide {
  heading: string;
  text: string;
  image: ImageSpec;
  imageAlt: string;
}

export interface BenefitCard {
  title: string;
  image: ImageSpec;
  alt: string;
  items: ListItem[];
}

export interface HistoryCard {
  title: string;
  yearBs: number;
  text: string;
}

export interface SiteSettingsSeed {
  name: string;
  tagline: string;
  aboutText: string;
  address: string;
  phone: string;
  email: string;
  socialUrl: string;
  socialLabel: string;
  mapEmbedUrl: string;
  mapLabel: string;
}

export interface HomeSeed {
  heroSlides: HeroSlide[];
  welcomeHeading: string;
  welcomeIntro: string;
  welcomeCards: TitledText[];
  benefitsHeading: string;
  benefitsIntro: string;
  benefits: BenefitCard[];
  participationHeading: string;
  participationIntro: string;
  participationImage: ImageSpec;
  participationImageAlt: string;
  initiatives: TitledText[];
  admissionHeading: string;
  admissionIntro: string;
  admissionListOneTitle: string;
  admissionListOne: ListItem[];
  admissionListTwoTitle: string;
  admissionListTwo: ListItem[];
}

export interface ObjectivePageSeed {
  bannerTitle: string;
  intro: string;
  coreObjectives: TitledText[];
  additionalObjectives: ListItem[];
  keyAreas: TitledText[];
}

export interface OrganizationPageSeed {
  bannerTitle: string;
  journeyHeading: string;
  journey: string;
  commitmentsHeading: string;
  commitments: string;
  standardsHeading: string;
  standards: ListItem[];
  historyCards: HistoryCard[];
  programmesHeading: string;
  programmes: TitledText[];
  challengesHeading: string;
  challenges: ListItem[];
}

export interface TeamMemberSeed {
  name: string;
  role: string;
  bio: string;
  /** YYYY-MM-DD */
  joinedAt: string;
  /** null: no photo, the site shows its placeholder image */
  photo: ImageSpec | null;
}

export interface GalleryImageSeed {
  title: string;
  description: string;
  image: ImageSpec;
}

export interface GalleryVideoSeed {
  title: string;
  description: string;
  /** File name in cms/seed-media/videos/ (a poster frame <name>.jpg sits next to it). */
  file: string;
}

export interface BlogSeed {
  title: string;
  /** Markdown */
  content: string;
  /** E-mail address */
  author: string;
  /** ISO 8601 */
  createdAt: string;
  media: ImageSpec;
}

const items = (...texts: string[]): ListItem[] => texts.map((text) => ({ text }));

const hero = (key: string, scene: SceneName, alt: string): ImageSpec => ({ key, width: 1600, height: 900, scene, alt });
const card = (key: string, scene: SceneName, alt: string): ImageSpec => ({ key, width: 800, height: 600, scene, alt });
const photo = (key: string, scene: SceneName, alt: string): ImageSpec => ({ key, width: 1200, height: 800, scene, alt });
const cover = (key: string, scene: SceneName, alt: string): ImageSpec => ({ key, width: 1200, height: 675, scene, alt });
const portrait = (key: string, alt: string): ImageSpec => ({ key, width: 600, height: 600, scene: 'portrait', alt });

/* ------------------------------------------------------------------ */
/* Site settings                                                       */
/* ------------------------------------------------------------------ */

export const siteSettings: SiteSettingsSeed = {
  name: "Himalayan Children's Home",
  tagline: 'A safe and loving home for children in the hills of Nepal',
  aboutText:
    "Himalayan Children's Home is a non-profit residential children's home in a hill town of Nepal. " +
    'Since 2068 BS we have given children who have lost parental care a safe place to live, nutritious food, ' +
    'schooling, health care and, above all, a family. The home has room for 30 children (20 girls and 10 boys) ' +
    'and is 100% sponsored by a partner foreign association.',
  address: 'Ward No. 4, Hill Road, Tansen Municipality, Palpa, Lumbini Province, Nepal',
  phone: '+977-75-000000',
  email: 'info@example.org',
  socialUrl: 'https://www.facebook.com/',
  socialLabel: 'Facebook',
  mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=83.5300%2C27.8560%2C83.5640%2C27.8780&layer=mapnik',
  mapLabel: 'Map of Tansen, Palpa, the hill town where the home is located',
};

/* ------------------------------------------------------------------ */
/* Home page                                                           */
/* ------------------------------------------------------------------ */

const heroAlt = [
  'Illustration of a two-storey house with prayer flags on a green hillside, snow-capped mountains behind',
  'Illustration of children in school uniforms with school bags in front of a hill school',
  'Illustration of children celebrating a festival at dusk with kites, marigold garlands and oil lamps',
];

export const home: HomeSeed = {
  heroSlides: [
    {
      heading: 'A <strong>safe and loving home</strong> in the hills of Nepal',
      text:
        'Since 2068 BS we have cared for children who have lost parental care.<br>' +
        'Today <strong>27 children</strong> live with us as one big family.',
      image: hero('hero-home', 'home', heroAlt[0] as string),
      imageAlt: heroAlt[0] as string,
    },
    {
      heading: 'Every child in <strong>school</strong>',
      text:
        'Children attend school by age and grade, and we support further education and ' +
        '<em>self-reliance training</em> so that they can stand on their own feet.',
      image: hero('hero-school', 'school', heroAlt[1] as string),
      imageAlt: heroAlt[1] as string,
    },
    {
      heading: 'Growing up <em>together</em>',
      text:
        'Festivals, family visits, sports and the child club:<br>' +
        'children grow up with friends, care and a voice in their home.',
      image: hero('hero-festival', 'festival', heroAlt[2] as string),
      imageAlt: heroAlt[2] as string,
    },
  ],

  welcomeHeading: "Welcome to Himalayan Children's Home",
  welcomeIntro:
    "We are a residential children's home for girls and boys who have lost parental care. " +
    'Here they find a safe home, go to school, stay healthy and grow up surrounded by people who care for them. ' +
    'The home is 100% sponsored by a partner foreign association.',
  welcomeCards: [
    {
      title: 'Residential Capacity',
      description:
        'Our home has room for 30 children: 20 girls and 10 boys. Currently 27 children live here, ' +
        'looked after day and night by our caregivers.',
    },
    {
      title: 'Child Protection Policies',
      description:
        "Every child's safety comes first. Clear child protection policies guide everyone who works with " +
        'or visits the children, and a Child Protection Committee lets children raise any concern safely.',
    },
    {
      title: 'Crisis Management Fund',
      description:
        "We set aside 5% of our annual budget as a crisis management fund, so that the children's care " +
        'can continue even in an emergency.',
    },
  ],

  benefitsHeading: 'Benefits for Children',
  benefitsIntro:
    'Everything a child needs to grow up healthy, safe and hopeful is provided by the home, ' +
    'thanks to 100% sponsorship by our partner foreign association.',
  benefits: [
    {
      title: 'Accommodation',
      image: card('benefit-accommodation', 'home', "Illustration of the children's home, a house with a courtyard on a hillside"),
      alt: "Illustration of the children's home, a house with a courtyard on a hillside",
      items: items('1 bed with pillow, blanket and mosquito net', '1 mattress, drawer and bed sheet'),
    },
    {
      title: 'Annual Clothing',
      image: card('benefit-clothing', 'festival', 'Illustration of children in bright festival clothes'),
      alt: 'Illustration of children in bright festival clothes',
      items: items(
        '1 pair each of summer, winter and Dashain clothes',
        '3 pairs of socks and underwear',
        '2 vests',
        '1 small and 1 big towel',
        '1 pair of shoes and 2 pairs of slippers',
      ),
    },
    {
      title: 'School Uniform',
      image: card('benefit-uniform', 'school', 'Illustration of children in school uniforms with school bags'),
      alt: 'Illustration of children in school uniforms with school bags',
      items: items(
        '1 tracksuit',
        '1 shirt/pants',
        '1 school bag',
        '2 pairs of socks',
        '1 pair each of winter and summer shoes',
      ),
    },
    {
      title: 'Food',
      image: card('benefit-food', 'meal', 'Illustration of children sharing a meal of dal bhat at a long table'),
      alt: 'Illustration of children sharing a meal of dal bhat at a long table',
      items: items(
        'Five meals a day (breakfast, lunch, two snacks, dinner)',
        'Eggs five times a week',
        'Fish, meat, chicken or mutton twice a week',
      ),
    },
    {
      title: 'Education',
      image: card('benefit-education', 'library', 'Illustration of children reading books in a reading corner'),
      alt: 'Illustration of children reading books in a reading corner',
      items: items(
        'Children attend school by age and grade',
        'May stay until 18 years or until passing SEE/+2',
        'Support for further education and self-reliance training',
        'Chances to serve as volunteer staff',
      ),
    },
    {
      title: 'Health',
      image: card('benefit-health', 'health', 'Illustration of a health worker with a child next to a height chart'),
      alt: 'Illustration of a health worker with a child next to a height chart',
      items: items(
        'Examination on admission',
        'Check-up every 3 months',
        'Minor injuries treated at home',
        'Serious conditions go to hospital immediately',
      ),
    },
    {
      title: 'Personal Hygiene Supplies',
      image: card('benefit-hygiene', 'home', 'Illustration of a clean, bright house with flower pots by the door'),
      alt: 'Illustration of a clean, bright house with flower pots by the door',
      items: items(
        'Bathing soap 2-3 per month',
        'Shampoo 1 bottle per 3 months',
        'Laundry soap 3 per month',
        'Toothbrush 1 per 2 months',
        'Toothpaste 1 large tube per 2 months',
        'Shaving supplies for men once every 3 months',
        'Sanitary pads for women 2 per month',
        'Hair oil 1 bottle per 2 months',
        'Body lotion 1 bottle per 3 months',
        'Lip guard 1',
      ),
    },
    {
      title: 'Entertainment',
      image: card('benefit-entertainment', 'playground', 'Illustration of children playing ball and swinging on a bamboo swing'),
      alt: 'Illustration of children playing ball and swinging on a bamboo swing',
      items: items(
        'Annual picnic',
        'Monthly outings on public holidays',
        'Sports on the 1st Saturday',
        'Cleaning and maintenance on the 2nd Saturday',
        'Educational programs on the 3rd Saturday',
        'Fun outings on the 4th Saturday',
      ),
    },
    {
      title: 'Festivals & Family Visits',
      image: card('benefit-festivals', 'festival', 'Illustration of a festival evening with kites, marigold garlands and oil lamps'),
      alt: 'Illustration of a festival evening with kites, marigold garlands and oil lamps',
      items: items(
        'Family visits as family members wish',
        '7 days for Dashain and 3 days for Tihar',
        'Hindu, Christian and Buddhist festivals celebrated',
        'Family members sent if they wish',
      ),
    },
  ],

  participationHeading: 'Child Participation',
  participationIntro: 'Children have a real say in life at the home, through these initiatives:',
  participationImage: {
    key: 'participation',
    width: 1200,
    height: 900,
    scene: 'garden',
    alt: 'Illustration of an adult and a child planting and watering a vegetable garden together',
  },
  participationImageAlt: 'Illustration of an adult and a child planting and watering a vegetable garden together',
  initiatives: [
    { title: 'Child Club', description: 'Social activities inside and outside.' },
    { title: 'Child Protection Committee', description: 'Safety and concerns.' },
    { title: 'Open Communication', description: 'Children encouraged to raise issues openly.' },
    { title: 'Suggestion Box', description: 'Confidential complaints or feedback.' },
    { title: 'Confidentiality', description: 'Privacy in personal matters.' },
  ],

  admissionHeading: 'Required Documents for Child Admission',
  admissionIntro:
    'A child is admitted only when the following documents are complete. ' +
    'If you are helping a child who needs a home, please contact us: we are glad to explain each step.',
  admissionListOneTitle: 'Documents about the child and family',
  admissionListOne: items(
    'Birth certificate of the child',
    'Death certificate(s) of the parent(s)',
    'Citizenship certificates of the parents',
    "Details of the child's health",
    "Details of the child's property",
    "Details of the child's education",
    'Health certificates of the child',
  ),
  admissionListTwoTitle: 'Recommendations and guardian documents',
  admissionListTwo: items(
    'Recommendations from the ward office and the police',
    'Minutes of the child rights committee',
    'Letter from the welfare officer',
    'Inter-district recommendation (for a child from another district)',
    "Photocopy of the guardian's citizenship certificate",
    'Emergency contact details',
    'Handwritten application',
  ),
};

/* ------------------------------------------------------------------ */
/* Objectives page                                                     */
/* ------------------------------------------------------------------ */

export const objectivePage: ObjectivePageSeed = {
  bannerTitle: 'OUR OBJECTIVES',
  intro:
    'Our purpose is simple: every child in our care should grow up safe, healthy, educated and loved, ' +
    'and leave the home ready for an independent life.',
  coreObjectives: [
    {
      title: 'Residential Care',
      description:
        'To provide a safe, loving and stable home for children who have lost parental care, ' +
        'with caregivers who look after them like a family.',
    },
    {
      title: 'Education Support',
      description:
        'To make sure every child goes to school according to their age and grade, and to support ' +
        'further education until they can become self-reliant.',
    },
    {
      title: 'Vocational Training',
      description:
        'To give older children and young people practical skills and vocational training, ' +
        'so that they can earn a living and live independently.',
    },
    {
      title: 'Basic Needs',
      description:
        "To meet every child's basic needs: nutritious food, clothing, health care, hygiene supplies " +
        'and a clean, safe place to sleep.',
    },
  ],
  additionalObjectives: items(
    'To protect children from abuse, neglect and exploitation through clear child protection policies.',
    'To keep children connected with their families, relatives and culture through family visits and festivals.',
    'To give children a voice in decisions that affect them through the Child Club and the Child Protection Committee.',
    'To support poor families in the community so that their children can stay in school.',
    'To prepare young people for life after the home with guidance, counselling and life skills.',
  ),
  keyAreas: [
    {
      title: 'Care and Protection',
      description: 'Day-and-night care, a safe home and child protection in everything we do.',
    },
    {
      title: 'Education and Skills',
      description: 'Schooling, scholarships for youth, vocational training and support for a community school.',
    },
    {
      title: 'Health and Well-being',
      description: 'Regular health check-ups, nutritious meals, personal hygiene and emotional support.',
    },
  ],
};

/* ------------------------------------------------------------------ */
/* Organization page                                                   */
/* ------------------------------------------------------------------ */

export const organizationPage: OrganizationPageSeed = {
  bannerTitle: 'ORGANIZATION',
  journeyHeading: 'Our Journey',
  journey:
    "Himalayan Children's Home was established in 2068 BS to give children who have lost parental care " +
    "a safe and loving place to grow up. In 2074 BS the children moved into the home's own building, " +
    'a permanent and secure home with room for 30 children (20 girls and 10 boys). Since 2078 BS we have ' +
    'also supported a community school, so that our work reaches more children in the area. Today 27 children ' +
    'live with us, and the home is 100% sponsored by a partner foreign association.',
  commitmentsHeading: 'Our Commitments',
  commitments:
    'We are committed to the best interests of every child. We treat each child with dignity and respect, ' +
    'keep them safe from harm, listen to their views, protect their privacy and help them stay in touch with ' +
    'their families and culture. We use every rupee carefully and set aside 5% of our annual budget as a ' +
    'crisis management fund.',
  standardsHeading: 'Standards and Policies',
  standards: items(
    'A child protection policy followed by all staff, volunteers and visitors',
    'Admission only with complete documents and official recommendations',
    'Health check-ups every 3 months, with immediate hospital care when needed',
    'A Child Club and a Child Protection Committee that give children a voice',
    'A crisis management fund of 5% of the annual budget',
  ),
  historyCards: [
    {
      title: 'The Home Is Established',
      yearBs: 2068,
      text: "The children's home opened its doors to give children without parental care a safe place to live, learn and grow.",
    },
    {
      title: 'Our Own Building',
      yearBs: 2074,
      text: "The children moved into the home's own building: a permanent, secure home with room for 30 children.",
    },
  ],
  programmesHeading: 'Our Major Programmes',
  programmes: [
    {
      title: 'Residential Care Home',
      description:
        'A safe, loving home for up to 30 children (20 girls and 10 boys), with food, clothing, ' +
        'health care, education and day-and-night care.',
    },
    {
      title: 'Education Support for Poor Families',
      description: 'Support for children from poor families in the community, so that they can go to school and stay there.',
    },
    {
      title: 'Scholarship Program for Youth',
      description: 'Scholarships that help young people continue their studies and build a self-reliant future.',
    },
    {
      title: 'Community School Support',
      description: 'Since 2078 BS we have supported a community school, helping to improve learning for all of its pupils.',
    },
  ],
  challengesHeading: 'Our Challenges',
  challenges: items(
    'Depending on a single partner association for all of our funding',
    'Rising costs of food, education and health care',
    'Supporting young people as they leave the home and start independent lives',
    'Giving every child the emotional support they need after loss and hardship',
  ),
};

/* ------------------------------------------------------------------ */
/* Team members                                                        */
/* ------------------------------------------------------------------ */

export const teamMembers: TeamMemberSeed[] = [
  {
    name: 'Sita Sharma',
    role: 'Chairperson',
    bio:
      'Sita chairs the management committee. She guides its work, keeps in close touch with our partner ' +
      'association and makes sure that every decision puts the children first.',
    joinedAt: '2011-06-15',
    photo: portrait('team-sita-sharma-f', 'Illustrated portrait of Sita Sharma, Chairperson'),
  },
  {
    name: 'Ram Bahadur Thapa',
    role: 'Secretary',
    bio:
      "Ram keeps the committee's records, prepares its meetings and looks after correspondence with " +
      'local authorities and the child rights committee.',
    joinedAt: '2011-06-15',
    photo: portrait('team-ram-bahadur-thapa-m', 'Illustrated portrait of Ram Bahadur Thapa, Secretary'),
  },
  {
    name: 'Gita Gurung',
    role: 'Treasurer',
    bio:
      "Gita looks after the home's accounts and budget, including the crisis management fund, " +
      'and reports to the committee and our partner association.',
    joinedAt: '2013-04-20',
    photo: portrait('team-gita-gurung-f', 'Illustrated portrait of Gita Gurung, Treasurer'),
  },
  {
    name: 'Hari Prasad Adhikari',
    role: 'Home Manager',
    bio:
      'Hari runs the home from day to day: meals, school, health check-ups, festivals and outings. ' +
      'His door is always open for children, staff and families.',
    joinedAt: '2017-08-01',
    photo: portrait('team-hari-prasad-adhikari-m', 'Illustrated portrait of Hari Prasad Adhikari, Home Manager'),
  },
  {
    name: 'Maya Tamang',
    role: 'Caregiver',
    bio:
      'Maya looks after the younger girls, helps with homework in the evenings and is known for ' +
      'her patience and her warm dal bhat.',
    joinedAt: '2018-02-12',
    photo: portrait('team-maya-tamang-f', 'Illustrated portrait of Maya Tamang, Caregiver'),
  },
  {
    name: 'Kamala Rai',
    role: 'Caregiver',
    bio:
      'Kamala cares for the children in the mornings and on school days, and looks after the vegetable ' +
      'garden together with the Child Club.',
    joinedAt: '2020-09-07',
    photo: null,
  },
  {
    name: 'Bikash Shrestha',
    role: 'Social Worker',
    bio:
      'Bikash supports children and their families, helps with admissions and family visits, ' +
      'and is a trusted person children can talk to about anything.',
    joinedAt: '2021-05-03',
    photo: portrait('team-bikash-shrestha-m', 'Illustrated portrait of Bikash Shrestha, Social Worker'),
  },
];

/* ------------------------------------------------------------------ */
/* Gallery                                                             */
/* ------------------------------------------------------------------ */

export const galleryImages: GalleryImageSeed[] = [
  {
    title: 'Morning over the hills',
    description: 'The first light of the day over the terraced hills and the snow peaks beyond, with prayer flags moving in the wind.',
    image: photo('gallery-morning-hills', 'hills', 'Illustration of terraced hills at sunrise with snow-capped mountains and prayer flags'),
  },
  {
    title: 'Our home',
    description: "The home's own building, where the children have lived since 2074 BS. The courtyard is where most games begin.",
    image: photo('gallery-our-home', 'home', 'Illustration of a two-storey house with a courtyard, trees and prayer flags'),
  },
  {
    title: 'Off to school',
    description: 'School bags packed and uniforms ready: the walk to school is one of the best parts of the morning.',
    image: photo('gallery-off-to-school', 'school', 'Illustration of children in school uniforms walking in front of a school building'),
  },
  {
    title: 'Dal bhat together',
    description: 'Meals are shared at one long table. Everyone helps to set it, and the older children help the younger ones.',
    image: photo('gallery-dal-bhat', 'meal', 'Illustration of children sitting at a long table with plates of dal bhat'),
  },
  {
    title: 'Our vegetable garden',
    description: 'Children and caregivers grow greens, beans and marigolds in the garden behind the home.',
    image: photo('gallery-vegetable-garden', 'garden', 'Illustration of garden beds with young plants and marigolds, and people watering them'),
  },
  {
    title: 'Reading corner',
    description: 'A quiet corner with shelves of books, a rug and good light for reading after school.',
    image: photo('gallery-reading-corner', 'library', 'Illustration of children sitting on a rug reading books beside a bookshelf'),
  },
  {
    title: 'Health check-up day',
    description: 'Every child has a health check-up every 3 months. Measuring height is always the favourite part.',
    image: photo('gallery-health-check', 'health', 'Illustration of a health worker and a child next to a height chart'),
  },
  {
    title: 'Saturday games',
    description: 'Sports on the first Saturday of the month: football, skipping and turns on the bamboo swing.',
    image: photo('gallery-saturday-games', 'playground', 'Illustration of children playing with a ball and on a bamboo swing'),
  },
  {
    title: 'Dashain kites',
    description: 'Dashain means new clothes, tika from elders and the sky full of kites above the hills.',
    image: photo('gallery-dashain-kites', 'festival', 'Illustration of kites flying at dusk above houses and a festive courtyard'),
  },
  {
    title: 'Tihar lights',
    description: 'During Tihar the courtyard glows with oil lamps, a colourful rangoli and marigold garlands.',
    image: photo('gallery-tihar-lights', 'festival', 'Illustration of oil lamps, a rangoli and marigold garlands on a festival evening'),
  },
];

export const galleryVideos: GalleryVideoSeed[] = [
  {
    title: 'Sunrise over the hills',
    description:
      'A short, calm animation of the sun rising behind the hills around our home. ' +
      'Mornings here start early: the children wash, eat breakfast and get ready for school while the sky turns gold.',
    file: 'sunrise-over-the-hills.mp4',
  },
  {
    title: 'Tihar lamps',
    description: 'A row of flickering oil lamps, as the courtyard looks on a Tihar evening.',
    file: 'tihar-lamps.mp4',
  },
  {
    title: 'Colours of the evening sky',
    description:
      'Soft, slowly drifting colours, like the evening sky over the hills after the children have finished their homework. ' +
      'A quiet moment to end the day.',
    file: 'evening-sky-colours.mp4',
  },
];

/* ------------------------------------------------------------------ */
/* Blogs                                                               */
/* ------------------------------------------------------------------ */

export const blogs: BlogSeed[] = [
  {
    title: 'Results Day: Proud Smiles All Round',
    author: 'manager@example.org',
    createdAt: '2024-04-12T10:30:00.000Z',
    media: cover('blog-results-day', 'school', 'Illustration of children in school uniforms in front of their school'),
    content: `Results day is always a little nervous at the home. Breakfast was quieter than usual, and more than one child checked their school bag twice before leaving.

## A day for everyone

By the afternoon the nerves had turned into smiles. Some children moved up a class with better marks than last year, some worked hard on a subject they used to find difficult, and our youngest ones simply loved showing their report cards to everyone they met.

We do not measure success only in marks. What made us proudest was how the children celebrated each other:

- older children helped the younger ones read their report cards,
- friends cheered for each other in the courtyard,
- everyone wrote down one goal for the new school year.

In the evening we shared a special meal together, and the caregivers gave each child a small note about what they had done well this year.

Thank you to the teachers who support our children every day, and to our partner association, whose sponsorship makes their schooling possible. The new school year starts soon, and the uniforms are already ironed.`,
  },
  {
    title: 'Dashain at Home: Tika, Swings and Kites',
    author: 'info@example.org',
    createdAt: '2024-10-18T08:00:00.000Z',
    media: cover('blog-dashain', 'festival', 'Illustration of kites in the evening sky and children celebrating in a courtyard'),
    content: `Dashain is the biggest festival of the year, and the whole home feels it weeks in advance.

## Getting ready

The older children helped to clean and decorate the house, and everyone received their new Dashain clothes. Children whose families wished it went home for the festival holidays; those who stayed celebrated together here.

## The days of the festival

- **Tika:** the children received tika and blessings from the elders of the home.
- **The bamboo swing:** a *ping* went up in the courtyard, and there was a long queue all day.
- **Kites:** every clear afternoon the sky above the hills was full of colour.
- **Food:** special meals, shared at one long table.

What we love most about Dashain is that it is about family. For children who have lost parental care, this can be a difficult time, so our caregivers and social worker take extra care that nobody feels alone.

We wish everyone a happy and peaceful Dashain.`,
  },
  {
    title: 'Health Check-up Camp',
    author: 'socialworker@example.org',
    createdAt: '2024-07-05T09:15:00.000Z',
    media: cover('blog-health-camp', 'health', 'Illustration of a health worker with a child in a bright room'),
    content: `Every child at the home has a health check-up every 3 months. This time the check-up was organised as a small camp at the home, so that all the children could be seen on the same day.

## What was checked

- height and weight,
- eyes, ears and teeth,
- general health and any worries the children wanted to talk about.

The youngest children were a little shy at first, but the height chart quickly became the most popular corner of the room. Everyone wanted to know how much they had grown since the last check-up.

## Staying healthy every day

Check-ups are only one part of looking after the children's health. Minor injuries are treated at home, and anyone with a serious condition goes to hospital immediately. Good food, clean water, personal hygiene supplies and enough sleep do the rest.

Many thanks to the health workers who gave their time, and to the children for being so patient while they waited for their turn.`,
  },
  {
    title: 'Our New Library Corner',
    author: 'volunteer@example.org',
    createdAt: '2025-01-22T14:00:00.000Z',
    media: cover('blog-library-corner', 'library', 'Illustration of children reading on a rug beside a full bookshelf'),
    content: `The children have a new favourite place: a library corner in the common room.

## How it came together

The idea came from the Child Club. At one of their meetings, several children said they wanted a quiet place to read after school. The caregivers found a good spot by the window, a bookshelf was set up, and a soft rug made it cosy.

The books are a mix of:

- picture books for the youngest children,
- story books in Nepali and English,
- books that help with school subjects,
- a few books about science, nature and famous journeys.

## Library rules, made by the children

The children wrote the rules themselves: take care of the books, put them back where they belong, and keep your voice low when others are reading. The older children take turns as "librarians" and help the younger ones choose.

It is a small corner, but in the evenings it is hard to find a free spot on the rug.`,
  },
  {
    title: 'Planting Trees for the Future',
    author: 'manager@example.org',
    createdAt: '2024-06-30T07:45:00.000Z',
    media: cover('blog-tree-planting', 'garden', 'Illustration of a young tree being planted and watered in a garden'),
    content: `At the start of the monsoon, when the ground is soft and the rain does the watering, the children planted young trees around the home and along the path to the garden.

## A morning of digging

Each group of children looked after one part of the work:

1. digging the holes,
2. carrying the saplings and setting them straight,
3. filling the holes and pressing the soil down,
4. putting a bamboo stake next to each young tree.

The youngest children were in charge of the watering cans, which meant that some of the children were watered as well as the trees.

## Looking after them

Planting is the easy part. Each tree now has a small team of children who will check on it during the year. The Child Club will keep an eye on how they grow.

Trees help to hold the soil on our steep hillsides, give shade in the hot months and, one day, fruit. Most of all, the children wanted to plant something that will still be growing when they are grown up themselves.`,
  },
  {
    title: 'Inside a Child Club Meeting',
    author: 'socialworker@example.org',
    createdAt: '2025-03-08T11:00:00.000Z',
    media: cover('blog-child-club', 'playground', 'Illustration of children playing together outdoors'),
    content: `Once a month the Child Club meets in the common room. The children run the meeting themselves; adults join only when they are invited.

## What was on the agenda

- planning the next Saturday outing,
- ideas for the vegetable garden,
- a reminder about the suggestion box,
- the library corner timetable.

The members take turns chairing the meeting and writing the notes. Everyone can speak, and the younger children are encouraged to go first so that their ideas are not lost.

## Why it matters

Child participation is at the heart of how the home works. Through the Child Club and the Child Protection Committee, children have a say in decisions that affect them and a safe way to raise concerns. The suggestion box is there for anything that is easier to write than to say, and personal matters are always kept private.

This month's decision: the next outing will be a walk to the viewpoint above the town, with a picnic lunch.`,
  },
  {
    title: 'Saturdays at the Home',
    author: 'info@example.org',
    createdAt: '2025-05-17T09:30:00.000Z',
    media: cover('blog-saturdays', 'hills', 'Illustration of terraced hills and prayer flags on a bright morning'),
    content: `Saturday is the only day without school, and at the home every Saturday of the month has its own character.

## The monthly rhythm

- **1st Saturday:** sports. Football, skipping, volleyball and, during festival time, the bamboo swing.
- **2nd Saturday:** cleaning and maintenance. Everyone helps to keep the home and garden tidy.
- **3rd Saturday:** educational programmes, from first aid to looking after the environment.
- **4th Saturday:** fun outings, often a walk in the hills around the town.

On public holidays there is a monthly outing too, and once a year the whole home goes on a picnic.

## More than a timetable

The plan gives the week a shape, but the best moments are often unplanned: a game that goes on until dinner, a song on the walk home, or an older child teaching a younger one to ride a bicycle.

The children help to plan these days through the Child Club, so if you visit on a Saturday, be ready to join in.`,
  },
];

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

/** Every ImageSpec used above (for pre-rendering or checks); keys are unique. */
export function collectImageSpecs(): ImageSpec[] {
  const specs: ImageSpec[] = [];
  for (const s of home.heroSlides) specs.push(s.image);
  for (const b of home.benefits) specs.push(b.image);
  specs.push(home.participationImage);
  for (const m of teamMembers) if (m.photo) specs.push(m.photo);
  for (const g of galleryImages) specs.push(g.image);
  for (const b of blogs) specs.push(b.media);
  return specs;
}
