import { at } from "../messages";
import { defineKind } from "./define";
import { sameOriginMedia, text, textOrNull } from "./fields-of-items";

export interface BlogPost {
  id: number;
  title: string;
  content: string;
  author: string;
  mediaUrl: string | null;
  created_at: string | null;
}

export const blog = defineKind({
  key: "blog",
  api: "blog",
  paths: {
    list: "/bloglist",
    new: "/blogs/new",
    view: (id) => `/blogs/${id}`,
    edit: (id) => `/blogs/edit/${id}`,
    afterSave: "/bloglist",
  },
  fields: [
    { name: "title", label: at("blogs.field.title"), type: "text" },
    { name: "content", label: at("blogs.field.content"), type: "markdown", rows: 14, hint: at("blogs.contentHint") },
    { name: "author", label: at("blogs.field.author"), type: "email", autoComplete: "email" },
    { name: "media", label: at("blogs.field.media"), type: "file" },
  ],
  localized: ["title", "content"],
  labels: {
    title: "blogs.title",
    add: "blogs.add",
    empty: "blogs.empty",
    newTitle: "blogs.newTitle",
    editTitle: "blogs.editTitle",
    loadError: "common.error",
    sharedInNepali: "nepali.sharedBlog",
    busy: "common.saving",
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
    mediaUrl: sameOriginMedia(raw.mediaUrl),
    created_at: textOrNull(raw.created_at),
  }),
  nameOf: (post) => post.title,
  storedFiles: (post) => ({ media: { url: post.mediaUrl, alt: post.title } }),
  columns: [
    { header: at("blogs.col.title"), cell: { type: "name", text: (b) => b.title } },
    { header: at("blogs.col.author"), cell: { type: "email", text: (b) => b.author } },
    {
      header: at("blogs.col.image"),
      cell: { type: "thumb", src: (b) => b.mediaUrl, alt: (b) => b.title, missing: at("blogs.noImage") },
    },
  ],
  // A new post is usually written by whoever is signed in.
  newDefaults: ({ userEmail }) => ({ author: userEmail }),
});
