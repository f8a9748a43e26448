import { postStatusOf, type PostStatus } from "@contract/post-status";
import { defineKind } from "./define";
import { editorIdOf, sameOriginMedia, text, textOrNull } from "./fields-of-items";

export interface BlogPost {
  id: number;
  title: string;
  content: string;
  author: string;
  author_name: string | null;
  media_alt: string | null;
  mediaUrl: string | null;
  created_at: string | null;
  /** A draft or submitted post is seen by staff only (the admin and its preview). */
  status: PostStatus;
  /** The staff account that changed it last (who submitted it, for a post waiting for review). */
  lastEditorId: number | null;
}

export const blog = defineKind({
  key: "blog",
  api: "blog",
  fields: [
    { name: "title", label: { en: "Title", ne: "शीर्षक" }, type: "text" },
    {
      name: "content",
      label: { en: "Content", ne: "सामग्री" },
      type: "markdown",
      rows: 14,
      hint: {
        en: "Press Enter for a new paragraph; format with the buttons or Ctrl+B, Ctrl+I, Ctrl+K. The Markdown tab shows the same text as Markdown: **bold**, *italic*, ## Heading, - list item, [link](https://example.org).",
        ne: "नयाँ अनुच्छेदका लागि Enter थिच्नुहोस्; बटन वा Ctrl+B, Ctrl+I, Ctrl+K ले ढाँचा मिलाउनुहोस्। मार्कडाउन ट्याबमा यही पाठ मार्कडाउनमा देखिन्छ: **बाक्लो**, *छड्के*, ## शीर्षक, - सूचीको बुँदा, [लिङ्क](https://example.org)।",
      },
    },
    {
      name: "author_name",
      label: { en: "Author name", ne: "लेखकको नाम" },
      type: "text",
      hint: { en: "Shown to visitors as the writer of the post.", ne: "पाठकले पोस्टको लेखकका रूपमा देख्ने नाम।" },
    },
    {
      name: "author",
      label: { en: "Author email", ne: "लेखकको इमेल" },
      type: "email",
      hint: {
        en: "Shown to visitors only when there is no author name.",
        ne: "लेखकको नाम नभए मात्र पाठकले देख्ने इमेल।",
      },
    },
    { name: "media", label: { en: "Cover image", ne: "आवरण तस्बिर" }, type: "file" },
    {
      name: "media_alt",
      label: { en: "What the cover photo shows", ne: "आवरण तस्बिरमा के देखिन्छ" },
      type: "text",
      hint: {
        en: "In a few words, for people who cannot see it (screen readers read it out). Do not name the children. Left empty: the title.",
        ne: "छोटकरीमा, देख्न नसक्नेहरूका लागि (स्क्रिन रिडरले पढेर सुनाउँछ)। बालबालिकाको नाम नलेख्नुहोस्। खाली छोडे शीर्षक नै प्रयोग हुन्छ।",
      },
    },
  ],
  labels: {
    title: "blogs.title",
    add: "blogs.add",
    empty: "blogs.empty",
    newTitle: "blogs.newTitle",
    editTitle: "blogs.editTitle",
    loadError: "common.error",
    busy: "common.saving",
    back: "blogs.back",
  },
  messages: {
    fetchList: "common.somethingWrong",
    fetchOne: "common.somethingWrong",
    create: "common.somethingWrong",
    update: "common.somethingWrong",
    remove: "common.somethingWrong",
    notFound: "blogs.notFound",
    confirmDelete: "blogs.confirmDelete",
    created: "blogs.createdFlash",
    updated: "blogs.updated",
    deleted: "blogs.deleted",
    loading: "blogs.loading",
    loadingOne: "blogs.loadingOne",
  },
  toItem: (raw): BlogPost => ({
    id: Number(raw.id),
    title: text(raw.title),
    content: text(raw.content),
    author: text(raw.author),
    author_name: textOrNull(raw.author_name),
    media_alt: textOrNull(raw.media_alt),
    mediaUrl: sameOriginMedia(raw.mediaUrl),
    created_at: textOrNull(raw.created_at),
    status: postStatusOf(raw.status),
    lastEditorId: editorIdOf(raw.updated_by),
  }),
  statusOf: (post) => post.status,
  lastEditorOf: (post) => post.lastEditorId,
  nameOf: (post) => post.title,
  storedFiles: (post) => ({ media: { url: post.mediaUrl, alt: post.media_alt ?? post.title } }),
  columns: [
    { header: "blogs.col.title", cell: { type: "name", text: (b) => b.title, status: (b) => b.status } },
    { header: "blogs.col.author", cell: { type: "text", text: (b) => b.author_name ?? b.author } },
    {
      header: "blogs.col.image",
      cell: { type: "thumb", src: (b) => b.mediaUrl, alt: (b) => b.media_alt ?? b.title, missing: "blogs.noImage" },
    },
  ],
  // A new post is usually written by whoever is signed in, shown by their name; its e-mail is the
  // home's public one, never a staff login (which stays private).
  newDefaults: ({ userName, siteEmail }) => ({ author_name: userName, author: siteEmail }),
});
