import type { Editor } from '@tiptap/react';
import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '@/lib/uploadRefusal';
import { checkImageUrl, checkLinkUrl, classifyMediaUrl } from './rules';
import { UrlPanel } from './UrlPanel';

type PanelProps = { editor: Editor; onClose: () => void };

export function LinkPanel({ editor, onClose }: PanelProps) {
  const { t } = useTranslation();
  const current = editor.getAttributes('link').href;
  const hasLink = typeof current === 'string';

  return (
    <UrlPanel
      testId="editor-link-panel"
      label={t('editor.linkUrl')}
      initialUrl={hasLink ? current : ''}
      submitLabel={t('editor.apply')}
      onCancel={() => {
        onClose();
        editor.commands.focus();
      }}
      onSubmit={(raw) => {
        const check = checkLinkUrl(raw);
        if (!check.ok) return check.problem;
        const href = check.value;
        const chain = editor.chain().focus();
        if (editor.state.selection.empty && !hasLink) {
          // Nothing selected: the address itself becomes the link text.
          chain.insertContent({ type: 'text', text: href.replace(/^mailto:/i, ''), marks: [{ type: 'link', attrs: { href } }] }).run();
        } else {
          chain.extendMarkRange('link').setLink({ href }).run();
        }
        onClose();
        return null;
      }}
    >
      {hasLink && (
        <Button
          size="sm"
          variant="outline-danger"
          data-testid="editor-unlink"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
        >
          {t('editor.removeLink')}
        </Button>
      )}
    </UrlPanel>
  );
}

export function ImagePanel({ editor, onClose, uploadImage }: PanelProps & { uploadImage?: (file: File) => Promise<string> }) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = async (file: File) => {
    if (!uploadImage) return;
    setUploading(true);
    setUploadError(null);
    try {
      const check = checkImageUrl(await uploadImage(file));
      if (!check.ok) throw new Error(check.problem);
      editor
        .chain()
        .focus()
        .insertBlockAtom({ type: 'image', attrs: { src: check.value, alt: file.name.replace(/\.[^.]+$/, '') } })
        .run();
      onClose();
    } catch (error) {
      setUploadError(refusalOf(error) ?? t('editor.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <UrlPanel
      testId="editor-image-panel"
      label={t('editor.imageUrl')}
      submitLabel={t('editor.insert')}
      withAlt
      externalError={uploadError}
      onCancel={() => {
        onClose();
        editor.commands.focus();
      }}
      onSubmit={(raw, alt) => {
        const check = checkImageUrl(raw);
        if (!check.ok) return check.problem;
        editor
          .chain()
          .focus()
          .insertBlockAtom({ type: 'image', attrs: { src: check.value, alt: alt.trim() || undefined } })
          .run();
        onClose();
        return null;
      }}
    >
      {uploadImage && (
        <>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="d-none"
            data-testid="editor-image-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
          <Button
            size="sm"
            variant="outline-primary"
            disabled={uploading}
            onClick={() => fileInput.current?.click()}
            data-testid="editor-image-upload"
          >
            {uploading ? (
              <>
                <Spinner animation="border" size="sm" className="me-1" role="status" aria-hidden="true" />
                {t('editor.uploading')}
              </>
            ) : (
              t('editor.upload')
            )}
          </Button>
        </>
      )}
    </UrlPanel>
  );
}

export function MediaPanel({ editor, onClose }: PanelProps) {
  const { t } = useTranslation();
  return (
    <UrlPanel
      testId="editor-media-panel"
      label={t('editor.mediaUrl')}
      submitLabel={t('editor.insert')}
      onCancel={() => {
        onClose();
        editor.commands.focus();
      }}
      onSubmit={(raw) => {
        const check = classifyMediaUrl(raw);
        if (!check.ok) return check.problem;
        editor.chain().focus().insertMedia(check.value).run();
        onClose();
        return null;
      }}
    />
  );
}
