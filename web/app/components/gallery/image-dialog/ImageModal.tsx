import { useId } from "react";
import { Link } from "react-router";
import { Img } from "~/components/ui/Img";
import { Modal } from "~/components/ui/dialog/Modal";
import { IconClose } from "~/components/ui/icons";
import type { GalleryImageView } from "~/lib/content/types";
import { useT } from "~/lib/i18n";

interface ImageModalProps {
  image: GalleryImageView;
  /** Where Close leads (the gallery without ?image=): a real link, so it works without JavaScript. */
  closeHref: string;
  /** Under React; on the public (non-hydrated) page ./enhance.ts closes it. */
  onClose?: () => void;
}

const noop = () => {};

/** Title, image, description and a Close button. */
export function ImageModal({ image, closeHref, onClose = noop }: ImageModalProps) {
  const t = useT();
  const titleId = useId();
  return (
    <Modal open onClose={onClose} labelledBy={titleId} panelClassName="max-w-4xl">
      <div className="flex flex-col" data-testid="image-modal" data-image-dialog={image.id}>
        <div className="flex items-start justify-between gap-4 p-5 sm:px-7">
          <h2 id={titleId} lang={image.fallback ? "en" : undefined} className="text-xl font-bold sm:text-2xl">
            {image.title}
          </h2>
        </div>
        <Img
          image={image.image}
          sizes="(min-width: 900px) 860px, calc(100vw - 1.5rem)"
          shown={[300, 860]}
          priority
          className="max-h-[65vh] w-full bg-night object-contain"
        />
        <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-end sm:justify-between sm:px-7">
          <p className="text-muted" lang={image.fallback ? "en" : undefined}>
            {image.description}
          </p>
          <Link
            to={closeHref}
            replace
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              onClose();
            }}
            className="btn btn-ghost shrink-0"
            data-autofocus=""
            data-dialog-close=""
          >
            <IconClose size={18} />
            {t("common.close")}
          </Link>
        </div>
      </div>
    </Modal>
  );
}
