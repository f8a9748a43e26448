import { createContext } from "react";
import type { UploadLimits } from "./kinds";

/** The upload limits of the form screen: the post editor's photos are checked against them like a cover. */
export const UploadLimitsContext = createContext<UploadLimits | null>(null);
