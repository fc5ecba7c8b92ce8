import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@common/schemas/file';
import { usePlaylist } from '../hooks/usePlaylist';
import { type FileGroup, groupOf } from '../utils/order';
import { FileSize } from './FileSize';
import { FileTypeIcon } from './FileTypeIcon';

// The lightbox loads on the first click on an image, never with the page.
const FilesLightbox = lazy(() => import('./FilesLightbox'));

function DownloadLink({ file }: { file: FileRow }) {
  const { t } = useTranslation();
  return (
    <a
      href={file.url_path}
      download={file.name_human}
      className="small text-nowrap"
      aria-label={t('files.downloadNamed', { name: file.name_human })}
      data-testid="file-download"
    >
      {t('files.download')}
    </a>
  );
}

export function SectionTitle({ children }: { children: string }) {
  return <h3 className="h6 text-body-secondary text-uppercase small fw-semibold mt-3 mb-2">{children}</h3>;
}

/** One player per track; starting one stops the others and the end of one starts the next. */
function AudioPlaylist({ files }: { files: FileRow[] }) {
  const { t } = useTranslation();
  const playlist = usePlaylist();
  return (
    <section aria-label={t('files.playlist')}>
      <SectionTitle>{t('files.audio')}</SectionTitle>
      <ol className="list-unstyled mb-0 tales-files-playlist" data-testid="files-playlist">
        {files.map((f, i) => (
          <li key={f.id} className="py-2 border-bottom" data-testid="file-audio" data-file-id={f.id}>
            <div className="d-flex align-items-baseline gap-2 mb-1">
              <span className="text-body-secondary small">{i + 1}.</span>
              <span className="fw-semibold text-break" data-testid="file-name">
                {f.name_human}
              </span>
              <FileSize bytes={f.size} className="small text-body-secondary" />
              <span className="ms-auto">
                <DownloadLink file={f} />
              </span>
            </div>
            {/* biome-ignore lint/a11y/useMediaCaption: user uploads come without captions */}
            <audio
              ref={playlist.register(i)}
              src={f.url_path}
              controls
              preload="metadata"
              className="w-100"
              aria-label={f.name_human}
              onPlay={() => playlist.onPlay(i)}
              onEnded={() => playlist.onEnded(i)}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Thumbnails in a grid; a click opens the lightbox at that image. */
function ImageGallery({ files }: { files: FileRow[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState<number | null>(null);
  return (
    <section aria-label={t('files.images')}>
      <SectionTitle>{t('files.images')}</SectionTitle>
      <ul className="list-unstyled mb-0 tales-files-gallery" data-testid="files-gallery">
        {files.map((f, i) => (
          <li key={f.id} data-testid="file-image" data-file-id={f.id}>
            <button
              type="button"
              className="tales-files-thumb btn p-0 border-0"
              onClick={() => setIndex(i)}
              aria-label={t('files.openImage', { name: f.name_human })}
              title={f.name_human}
            >
              <img src={f.thumb_url || f.display_url || f.url_path} alt={f.name_human} loading="lazy" decoding="async" />
            </button>
            <div className="small text-truncate mt-1" data-testid="file-name" title={f.name_human}>
              {f.name_human}
            </div>
          </li>
        ))}
      </ul>
      {index !== null && (
        <Suspense fallback={null}>
          <FilesLightbox images={files} index={index} onClose={() => setIndex(null)} />
        </Suspense>
      )}
    </section>
  );
}

function VideoList({ files }: { files: FileRow[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('files.video')}>
      <SectionTitle>{t('files.video')}</SectionTitle>
      {files.map((f) => (
        <figure key={f.id} className="mb-3" data-testid="file-video" data-file-id={f.id}>
          {/* biome-ignore lint/a11y/useMediaCaption: user uploads come without captions */}
          <video
            src={f.url_path}
            controls
            preload="metadata"
            className="w-100 rounded bg-black tales-files-video"
            aria-label={f.name_human}
          />
          <figcaption className="d-flex align-items-baseline gap-2 small mt-1">
            <span className="text-break" data-testid="file-name">
              {f.name_human}
            </span>
            <FileSize bytes={f.size} className="text-body-secondary" />
            <span className="ms-auto">
              <DownloadLink file={f} />
            </span>
          </figcaption>
        </figure>
      ))}
    </section>
  );
}

/** Everything else: an icon by display type, the name as a download link, and the size. */
function DocumentList({ files }: { files: FileRow[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('files.documents')}>
      <SectionTitle>{t('files.documents')}</SectionTitle>
      <ul className="list-unstyled mb-0">
        {files.map((f) => (
          <li key={f.id} className="d-flex align-items-center gap-2 py-1" data-testid="file-document" data-file-id={f.id}>
            <FileTypeIcon type={f.display_type} name={f.name_human} label={t(`files.type_${f.display_type}`)} />
            <div className="min-w-0">
              <a href={f.url_path} download={f.name_human} className="text-break d-block" data-testid="file-name">
                {f.name_human}
              </a>
              <small className="text-body-secondary">
                {t(`files.type_${f.display_type}`)} · <FileSize bytes={f.size} />
              </small>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The files as a reader meets them: a playlist, an image grid, videos, then the other files. */
export function FilesView({ files }: { files: FileRow[] }) {
  const of = (g: FileGroup) => files.filter((f) => groupOf(f) === g);
  const [audio, images, video, other] = [of('audio'), of('images'), of('video'), of('documents')];
  return (
    <div data-testid="files-view">
      {audio.length > 0 && <AudioPlaylist files={audio} />}
      {images.length > 0 && <ImageGallery files={images} />}
      {video.length > 0 && <VideoList files={video} />}
      {other.length > 0 && <DocumentList files={other} />}
    </div>
  );
}
