import type { Messages } from "./messages.en";

/**
 * The public site's UI texts in Nepali, for the /ne/ pages. Same keys and
 * `{placeholders}` as messages.en.ts; `satisfies Messages` makes a missing or extra key a
 * type error. The spec's English wording stays binding for the English pages only.
 *
 * Conventions: sentences end with the purna biram (।); numbers arrive through placeholders
 * and the caller writes them in Devanagari digits (bs-date.ts `toDevanagariDigits`), so no
 * digits appear here; a postposition is joined to the value before it (`{label}मा`, `{name}को`);
 * nasal vowels take the chandrabindu (तपाईँ, गर्छौँ) and ङ is written out (बैङ्क, अङ्ग्रेजी);
 * "बालगृह" is the usual word for a residential children's home.
 */
export const ne = {
  "site.skipToContent": "मुख्य सामग्रीमा जानुहोस्",

  "nav.label": "मुख्य",
  "nav.home": "गृहपृष्ठ",
  "nav.objectives": "हाम्रा उद्देश्यहरू",
  "nav.committee": "समिति",
  "nav.organization": "संस्था",
  "nav.gallery": "ग्यालरी",
  "nav.blogs": "ब्लगहरू",
  "nav.contact": "सम्पर्क",
  "nav.donate": "दान",
  "nav.menu": "मेनु",
  "nav.social": "{label}मा हामीसँग जोडिनुहोस्",
  "nav.socialFallback": "हाम्रो सामाजिक सञ्जाल पृष्ठ",
  "nav.homeLink": "{name}, गृहपृष्ठ",

  "lang.label": "भाषा",
  // The other language's own name, as every language switcher writes it.
  "lang.switch": "English",
  "lang.switchShort": "EN",
  "lang.fallbackNotice": "यो अझै नेपालीमा अनुवाद भएको छैन, त्यसैले अङ्ग्रेजीमा देखाइएको छ।",
  "lang.fallbackBadge": "अङ्ग्रेजीमा",
  "lang.suggest.text": "यो वेबसाइट नेपालीमा पनि उपलब्ध छ।",
  "lang.suggest.action": "यो पृष्ठ नेपालीमा पढ्नुहोस्",
  "lang.suggest.dismiss": "पर्दैन, धन्यवाद",

  "footer.aboutUs": "हाम्रो बारेमा",
  "footer.contact": "हामीलाई सम्पर्क गर्नुहोस्",
  "footer.address": "ठेगाना",
  "footer.phone": "फोन",
  "footer.email": "इमेल",
  "footer.explore": "पृष्ठहरू",
  "footer.scrollToTop": "माथि फर्कनुहोस्",
  "footer.children": "आज हामीसँग {children} जना बालबालिका बस्छन्।",
  "footer.childrenAndPlaces": "आज हामीसँग {children} जना बालबालिका बस्छन्; गृहमा {capacity} जनाका लागि ठाउँ छ।",
  "footer.copyright": "© {year} {name}। सर्वाधिकार सुरक्षित।",

  "donate.button": "दान गर्नुहोस्",
  "donate.title": "बालबालिकालाई सहयोग गर्नुहोस्",
  "donate.intro":
    "तपाईँको सहयोगले खाना, पढाइ, स्वास्थ्य उपचार र सुरक्षित घरको खर्च जुटाउँछ। यो वेबसाइटले भुक्तानी लिँदैन: रकम र सहयोग गर्ने तरिका छान्नुहोस्, अनि हामीलाई सम्पर्क गर्नुहोस्; दान पूरा गर्न हामी सघाउनेछौँ।",
  "donate.amountLegend": "रकम छान्नुहोस्",
  "donate.amount": "रु. {amount}",
  "donate.methodLegend": "कुन तरिकाले सहयोग गर्न चाहनुहुन्छ?",
  // A brand name: Nepali readers know it, and payment pages write it, in Latin letters.
  "donate.method.paypal": "PayPal",
  "donate.method.offline": "अफलाइन दान",
  "donate.method.credit": "क्रेडिट कार्ड",
  "donate.method.debit": "डेबिट कार्ड",
  "donate.howTo": "सहयोग गर्न हामीलाई इमेल वा फोन गर्नुहोस्:",
  "donate.emailUs": "यस दानबारे हामीलाई इमेल गर्नुहोस्",
  "donate.callUs": "फोन गर्नुहोस्: {phone}",
  "donate.noPayment": "यो साइटमा कुनै भुक्तानी हुँदैन। हामीसँग पक्का नगरेसम्म तपाईँबाट कुनै रकम लिइँदैन।",
  "donate.mailSubject": "रु. {amount} दान",
  "donate.mailBody":
    "नमस्ते,\n\nम रु. {amount} दान गर्न चाहन्छु। भुक्तानीको तरिका: {method}। कृपया दान कसरी पूरा गर्ने भन्ने जानकारी दिनुहोस्।\n\nधन्यवाद।",
  "donate.close": "बन्द गर्नुहोस्",
  "donate.contactSection": "कसरी दान गर्ने",
  "donate.pageTitle": "दान गर्नुहोस्",
  "donate.pageIntro":
    "हरेक सहयोग बालबालिकाको खाना, पढाइ, स्वास्थ्य उपचार र घरमा खर्च हुन्छ। तलका कुनै तरिकाबाट दान गर्नुहोस्: यो वेबसाइट आफैँले कुनै भुक्तानी लिँदैन र भुक्तानीको विवरण राख्दैन।",
  "donate.waysTitle": "दान गर्ने तरिका",
  "donate.noWays": "हामीलाई इमेल वा फोन गर्नुहोस्; दान कसरी गर्ने, हामी बताउनेछौँ।",
  "donate.bankName": "बैङ्क",
  "donate.accountName": "खाताको नाम",
  "donate.accountNumber": "खाता नम्बर",
  "donate.branch": "शाखा",
  "donate.swift": "SWIFT कोड",
  "donate.openLink": "भुक्तानी पेज खोल्नुहोस्",
  "donate.scanHint": "आफ्नो बैङ्कको एप, eSewa, Khalti वा अरू NepalQR एपले स्क्यान गर्नुहोस्।",
  "donate.suggestedTitle": "सुझाव गरिएको रकम",
  "donate.suggestedText": "जति रकम भए पनि सहयोग हुन्छ। जस्तै:",
  "donate.emailTitle": "वा पहिले हामीलाई लेख्नुहोस्",
  "donate.emailText": "दान गर्न चाहिने विवरण पठाउँछौँ र तपाईँका प्रश्नको जवाफ दिन्छौँ।",
  "donate.thanksTitle": "हामी कसरी धन्यवाद दिन्छौँ",
  "donate.thanksText":
    "दान गरेपछि आफ्नो नाम, रकम र मिति लेखेर हामीलाई इमेल गर्नुहोस्। हामी धन्यवादसहित जवाफ लेख्छौँ र गृहको नाममा रसिद पठाउँछौँ।",
  "donate.registrationTitle": "हाम्रो दर्ता",
  "donate.registeredWith": "दर्ता भएको कार्यालय",
  "donate.registrationNumber": "दर्ता नम्बर",
  "donate.pan": "स्थायी लेखा नम्बर (PAN)",
  "donate.partner": "साझेदार संस्था",
  "donate.allWays": "दान गर्ने सबै तरिका र हाम्रो दर्ता",

  "pager.label": "पृष्ठहरू",
  "pager.previous": "अघिल्लो",
  "pager.next": "अर्को",
  "pager.page": "पृष्ठ {page}",
  "pager.title": "{title} – पृष्ठ {page}",
  "common.close": "बन्द गर्नुहोस्",
  "common.readMore": "थप पढ्नुहोस्",
  "common.showLess": "कम देखाउनुहोस्",
  "common.backHome": "गृहपृष्ठमा फर्कनुहोस्",
  "common.error": "त्रुटि: {error}",

  "errors.cmsUnavailable": "हाम्रो सामग्री सेवाले अहिले जवाफ दिइरहेको छैन। कृपया केही मिनेटपछि फेरि प्रयास गर्नुहोस्।",
  "errors.generic": "केही गडबड भयो",
  "errors.unavailableTitle": "हामी छिट्टै फर्कनेछौँ",
  "errors.unexpectedTitle": "केही गडबड भयो",
  "errors.unexpectedText": "अप्रत्याशित त्रुटि भयो। कृपया फेरि प्रयास गर्नुहोस्, वा गृहपृष्ठमा फर्कनुहोस्।",

  "notFound.title": "माफ गर्नुहोस्! पृष्ठ भेटिएन",
  "notFound.text": "तपाईँले खोज्नुभएको पृष्ठ छैन, वा अन्तै सारिएको छ।",
  "notFound.metaTitle": "पृष्ठ भेटिएन",

  "home.slider.label": "मुख्य झलकहरू",
  "home.slider.slide": "{total}मध्ये स्लाइड {current}",
  "home.slider.previous": "अघिल्लो स्लाइड",
  "home.slider.next": "अर्को स्लाइड",
  "home.slider.goTo": "स्लाइड {number}मा जानुहोस्",
  "home.slider.pause": "स्लाइड शो रोक्नुहोस्",
  "home.slider.play": "स्लाइड शो चलाउनुहोस्",
  "home.hero.learnMore": "हाम्रो बारेमा जान्नुहोस्",

  "objectives.banner": "हाम्रा उद्देश्यहरू",
  "objectives.core": "मूल उद्देश्यहरू",
  "objectives.additional": "थप उद्देश्यहरू",
  "objectives.keyAreas": "कामका मुख्य क्षेत्रहरू",

  "committee.title": "हाम्रा समिति सदस्यहरू",
  "committee.loadError": "समिति सदस्यहरूको विवरण ल्याउन सकिएन",
  "committee.empty": "अहिले देखाउनका लागि कुनै समिति सदस्य छैनन्।",
  "committee.photoAlt": "{name}को तस्बिर",
  "committee.loading": "समिति सदस्यहरू लोड हुँदैछन्...",

  "organization.banner": "संस्था",
  "organization.history": "हाम्रो इतिहास",

  "blogs.title": "ब्लगहरू",
  "blogs.intro": "बालगृहका समाचार र कथाहरू।",
  "blogs.empty": "अहिलेसम्म कुनै ब्लग पोस्ट छैन। कृपया केही समयपछि फेरि हेर्नुहोस्।",
  "blogs.by": "लेखक: {author}",
  "blogs.loading": "ब्लगहरू लोड हुँदैछन्...",
  "blogs.rssTitle": "{name}को ब्लग",
  "blogs.rss": "RSS फिड",

  "blog.loading": "ब्लगको विवरण लोड हुँदैछ...",
  "blog.notFound": "कुनै ब्लग भेटिएन।",
  "blog.author": "लेखक",
  "blog.published": "प्रकाशित मिति",
  "blog.back": "सबै ब्लगहरू",
  "blog.previewDraft": "कर्मचारीका लागि पूर्वावलोकन: यो मस्यौदा वेबसाइटमा छैन।",
  "blog.previewPublished": "कर्मचारीका लागि पूर्वावलोकन: यो लेख वेबसाइटमा छ।",
  "blog.previewSubmitted": "कर्मचारीका लागि पूर्वावलोकन: यो लेख व्यवस्थापकको समीक्षाको पर्खाइमा छ, वेबसाइटमा छैन।",

  "gallery.title": "ग्यालरी",
  "gallery.intro": "बालगृहको दैनिक जीवनका केही क्षणहरू।",
  "gallery.tabs": "ग्यालरीका खण्डहरू",
  "gallery.images": "तस्बिरहरू",
  "gallery.videos": "भिडियोहरू",
  "gallery.loadingImages": "तस्बिरहरू लोड हुँदैछन्...",
  "gallery.loadingVideos": "भिडियोहरू लोड हुँदैछन्...",
  "gallery.errorImages": "तस्बिरहरू लोड गर्दा त्रुटि भयो: {error}",
  "gallery.errorVideos": "भिडियोहरू लोड गर्दा त्रुटि भयो: {error}",
  "gallery.emptyImages": "अहिलेसम्म कुनै तस्बिर छैन।",
  "gallery.emptyVideos": "अहिलेसम्म कुनै भिडियो छैन।",
  "gallery.openImage": "तस्बिर खोल्नुहोस्: {title}",
  "gallery.downloadVideo": "भिडियो डाउनलोड गर्नुहोस्",

  "contact.title": "सम्पर्क",
  "contact.intro": "तपाईँसँग कुरा गर्न पाउँदा हामीलाई खुसी लाग्नेछ। भेट्न आउनुहोस्, फोन गर्नुहोस् वा इमेल पठाउनुहोस्।",
  "contact.address": "ठेगाना",
  "contact.phone": "फोन",
  "contact.email": "इमेल",
  "contact.social": "सामाजिक सञ्जाल",
  "contact.map": "नक्सा",
  "contact.mapTitle": "{label} देखाउने नक्सा",
  "contact.mapLink": "नक्सा नयाँ ट्याबमा खोल्नुहोस्",
  "contact.donateText":
    "जतिसुकै रकमको दान पनि हामी सहर्ष स्वीकार गर्छौँ। यो वेबसाइटले भुक्तानी लिँदैन: हामीलाई इमेल वा फोन गर्नुहोस्; बैङ्क ट्रान्सफर, प्रत्यक्ष भेटेर वा कार्डबाट कसरी सहयोग गर्न सकिन्छ भन्ने कुरा हामी बताउनेछौँ।",
} satisfies Messages;
