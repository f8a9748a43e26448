import { useAt } from "~/lib/admin/messages";
import type { FilesProgress } from "~/lib/admin/resumable-upload";

export type UploadPhase = "uploading" | "processing";

/**
 * A save's progress while its files are sent: a bar, the percent and the time left (or the wait
 * for the connection), then "processing" while the server works on what it received.
 */
export function UploadProgress({ percent, phase, files }: { percent: number; phase: UploadPhase; files: FilesProgress | null }) {
  const at = useAt();
  const text =
    phase === "processing"
      ? at("common.processing")
      : files?.waiting
        ? at("common.uploadWaiting", { percent })
        : files?.secondsLeft != null
          ? files.secondsLeft < 60
            ? at("common.uploadingMinuteLeft", { percent })
            : at("common.uploadingMinutesLeft", { percent, minutes: Math.ceil(files.secondsLeft / 60) })
          : at("common.uploading", { percent });
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label={at("common.uploadProgress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-3 w-full overflow-hidden rounded-full bg-sand"
      >
        <div className="h-full rounded-full bg-sage transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
      <p aria-live="polite" className="text-sm font-medium text-sage">
        {text}
      </p>
    </div>
  );
}
