import { defineKind } from "./define";
import { sameOriginMedia, text, textOrNull } from "./fields-of-items";

export interface WayToGive {
  id: number;
  name: string;
  instructions: string;
  bank_name: string | null;
  account_name: string | null;
  account_number: string | null;
  branch: string | null;
  swift: string | null;
  link_url: string | null;
  qr_alt: string | null;
  sort_order: number;
  qrImageUrl: string | null;
}

/** The ways to give (bank transfer, a wallet's QR code, a partner's page): Managers only. */
export const giving = defineKind({
  key: "giving",
  api: "donation-method",
  managersOnly: "giving.forbidden",
  fields: [
    {
      name: "name",
      label: { en: "Name", ne: "नाम" },
      type: "text",
      hint: { en: "For example: Bank transfer, or Scan to give (Fonepay).", ne: "जस्तै: बैङ्क ट्रान्सफर, वा स्क्यान गरेर दान (Fonepay)।" },
    },
    {
      name: "instructions",
      label: { en: "Instructions", ne: "निर्देशन" },
      type: "textarea",
      rows: 4,
      hint: { en: "What a donor does, step by step.", ne: "दाताले के गर्ने, क्रमैसँग।" },
    },
    { name: "bank_name", label: { en: "Bank name", ne: "बैङ्कको नाम" }, type: "text" },
    { name: "account_name", label: { en: "Account name", ne: "खाताको नाम" }, type: "text" },
    { name: "account_number", label: { en: "Account number", ne: "खाता नम्बर" }, type: "text" },
    { name: "branch", label: { en: "Branch", ne: "शाखा" }, type: "text" },
    {
      name: "swift",
      label: { en: "SWIFT code", ne: "SWIFT कोड" },
      type: "text",
      hint: { en: "For gifts from abroad.", ne: "विदेशबाट पठाउनका लागि।" },
    },
    {
      name: "link_url",
      label: { en: "Link", ne: "लिङ्क" },
      type: "text",
      hint: {
        en: "Optional: a payment page the home already has (a partner's page), starting with https://",
        ne: "ऐच्छिक: बालगृहसँग पहिल्यै भएको भुक्तानी पृष्ठ (साझेदारको पृष्ठ), https:// बाट सुरु हुने।",
      },
    },
    { name: "qr_image", label: { en: "QR code image", ne: "QR कोडको तस्बिर" }, type: "file" },
    {
      name: "qr_alt",
      label: { en: "QR code description", ne: "QR कोडको विवरण" },
      type: "text",
      hint: {
        en: 'What the QR code is for, for people who cannot see it. Left empty: "QR code to give by" and the name.',
        ne: 'QR कोड केका लागि हो, देख्न नसक्नेहरूका लागि। खाली छोडे तरिकाको नामसहित "…बाट दान गर्ने QR कोड" लेखिन्छ।',
      },
    },
    {
      name: "sort_order",
      label: { en: "Order", ne: "क्रम" },
      type: "text",
      hint: { en: "A number: lower numbers are shown first.", ne: "एउटा सङ्ख्या: सानो सङ्ख्या पहिले देखिन्छ।" },
    },
  ],
  labels: {
    title: "giving.title",
    add: "giving.add",
    empty: "giving.empty",
    newTitle: "giving.newTitle",
    editTitle: "giving.editTitle",
    busy: "common.saving",
    back: "giving.back",
  },
  messages: {
    fetchList: "giving.fetchListFailed",
    fetchOne: "giving.fetchFailed",
    create: "giving.createFailed",
    update: "giving.updateFailed",
    remove: "giving.deleteFailed",
    notFound: "giving.notFound",
    confirmDelete: "giving.confirmDelete",
    created: "giving.created",
    updated: "giving.updated",
    deleted: "giving.deleted",
    loading: "giving.loading",
    loadingOne: "giving.loadingOne",
  },
  toItem: (raw): WayToGive => ({
    id: Number(raw.id),
    name: text(raw.name),
    instructions: text(raw.instructions),
    bank_name: textOrNull(raw.bank_name),
    account_name: textOrNull(raw.account_name),
    account_number: textOrNull(raw.account_number),
    branch: textOrNull(raw.branch),
    swift: textOrNull(raw.swift),
    link_url: textOrNull(raw.link_url),
    qr_alt: textOrNull(raw.qr_alt),
    sort_order: Number(raw.sort_order ?? 0) || 0,
    qrImageUrl: sameOriginMedia(raw.qrImageUrl),
  }),
  nameOf: (item) => item.name,
  storedFiles: (item, at) => ({ qr_image: { url: item.qrImageUrl, alt: item.qr_alt ?? at("giving.qrOf", { name: item.name }) } }),
  columns: [
    {
      header: "giving.col.qr",
      cell: {
        type: "thumb",
        src: (i) => i.qrImageUrl,
        alt: (i, at) => i.qr_alt ?? at("giving.qrOf", { name: i.name }),
        missing: "giving.noQr",
      },
    },
    { header: "giving.col.name", cell: { type: "name", text: (i) => i.name } },
    { header: "giving.col.instructions", cell: { type: "excerpt", text: (i) => i.instructions } },
    { header: "giving.col.order", cell: { type: "text", text: (i) => String(i.sort_order) } },
  ],
  newDefaults: () => ({ sort_order: "0" }),
});
