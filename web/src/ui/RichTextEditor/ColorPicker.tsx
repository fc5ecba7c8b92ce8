import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';

// A palette in the spirit of word processors, plus the browser's colour input for anything else.
export const PALETTE = [
  '#000000',
  '#4d4d4d',
  '#999999',
  '#e6e6e6',
  '#ffffff',
  '#e64c4c',
  '#e6994c',
  '#e6e64c',
  '#99e64c',
  '#4ce64c',
  '#4ce699',
  '#4ce6e6',
  '#4c99e6',
  '#4c4ce6',
  '#994ce6',
] as const;

type ColorPickerProps = {
  kind: 'color' | 'backgroundColor';
  /** The colour under the cursor, or null for the default. */
  value: string | null;
  onPick: (color: string | null) => void;
  testId: string;
};

export function ColorPicker({ kind, value, onPick, testId }: ColorPickerProps) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  const label = t(`editor.${kind}`);
  const pick = (color: string | null) => {
    onPick(color);
    setShow(false);
  };

  return (
    <Dropdown show={show} onToggle={(next) => setShow(next)} autoClose="outside">
      <Dropdown.Toggle
        size="sm"
        variant="light"
        className="tales-editor-btn tales-editor-color-toggle"
        title={label}
        aria-label={label}
        data-testid={testId}
        onMouseDown={(event) => event.preventDefault()}
      >
        <span className={kind === 'color' ? 'tales-editor-glyph' : 'tales-editor-glyph tales-editor-glyph-bg'}>A</span>
        <span
          className="tales-editor-color-bar"
          style={{ backgroundColor: value ?? (kind === 'color' ? 'currentColor' : 'transparent') }}
        />
      </Dropdown.Toggle>
      <Dropdown.Menu className="tales-editor-color-menu p-2">
        <div className="tales-editor-swatches">
          {PALETTE.map((color) => (
            <button
              key={color}
              type="button"
              className={`tales-editor-swatch${value === color ? ' active' : ''}`}
              style={{ backgroundColor: color }}
              title={color}
              aria-label={t('editor.colorSwatch', { color })}
              aria-pressed={value === color}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(color)}
            />
          ))}
        </div>
        <div className="d-flex align-items-center gap-2 mt-2">
          {/* mousedown kept from taking focus, like the swatches: with focus in the menu, the closing
              Dropdown hands it to its toggle in an effect, which can come after the editor's refocus */}
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary flex-grow-1"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(null)}
          >
            {kind === 'color' ? t('editor.colorDefault') : t('editor.colorNone')}
          </button>
          <input
            type="color"
            className="form-control form-control-sm form-control-color"
            title={t('editor.colorCustom')}
            aria-label={t('editor.colorCustom')}
            value={value?.length === 7 ? value : kind === 'color' ? '#000000' : '#ffffff'}
            onChange={(event) => onPick(event.target.value)}
          />
        </div>
      </Dropdown.Menu>
    </Dropdown>
  );
}
