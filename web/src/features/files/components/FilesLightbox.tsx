import Lightbox, { useLightboxState } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@common/schemas/file';

/** A real link to the original file of the image shown (the lightbox itself shows the scaled copy). */
function DownloadOriginal({ images }: { images: FileRow[] }) {
  const { t } = useTranslation();
  const { currentIndex } = useLightboxState();
  const file = images[currentIndex];
  if (!file) return null;
  return (
    <a
      href={file.url_path}
      download={file.name_human}
      className="yarl__button"
      title={t('files.downloadOriginal')}
      data-testid="lightbox-download"
    >
      <span className="visually-hidden">{t('files.downloadOriginal')}</span>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className="yarl__icon" fill="currentColor">
        <path d="M5 20h14v-2H5v2zm14-9h-4V3H9v8H5l7 7 7-7z" />
      </svg>
    </a>
  );
}

/** The images of a tale full size (their display copies), one at a time; lazy-loaded (default export). */
export default function FilesLightbox({ images, index, onClose }: { images: FileRow[]; index: number; onClose: () => void }) {
  const { t } = useTranslation();
  const slides = images.map((f) => ({
    src: f.display_url || f.url_path,
    alt: f.name_human,
    title: f.name_human,
    ...(f.width && f.height ? { width: f.width, height: f.height } : {}),
  }));
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Captions]}
      captions={{ showToggle: false, descriptionTextAlign: 'center' }}
      carousel={{ finite: images.length <= 1 }}
      controller={{ closeOnBackdropClick: true }}
      toolbar={{ buttons: [<DownloadOriginal key="download" images={images} />, 'close'] }}
      labels={{
        Previous: t('files.previous'),
        Next: t('files.next'),
        Close: t('files.close'),
        Lightbox: t('files.lightbox'),
        'Photo gallery': t('files.lightboxGallery'),
        Slide: t('files.lightboxSlide'),
        '{index} of {total}': t('files.lightboxOf'),
      }}
    />
  );
}
