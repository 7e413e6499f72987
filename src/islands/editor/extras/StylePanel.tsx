// The custom style panel: presets, the live sample, and per group its colour, face, size, weight
// and style, taking colours from the header's palette. Edits go to the form, so the preview follows.
import { useEffect, useId, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { Palette, RotateCcw, Save } from 'lucide-react';
import { t } from '../../../core/messages';
import {
  type CustomStyles,
  defaultCustomStyles,
  normaliseCustomStyles,
  type PresetName,
  presetStyles,
  STYLE_PRESETS,
  TEXT_GROUPS,
} from '../../../core/styles';
import { $buttons, $form } from '../../../stores/editor/state';
import { setCustomStyles } from '../../../stores/editor/form';
import {
  $palette,
  $stylesSaving,
  ensurePalette,
  paletteFromFile,
  saveCustomStyles,
} from '../../../stores/editor/extras';
import type { SlotProps } from '../slots';
import ColorField from './ColorField';
import { LiveSample, type SampleText, sampleText } from './LiveSample';
import { ButtonGroupFields, TextGroupFields } from './StyleGroups';
import './extras.css';

function PresetTile({ name, onApply }: { name: PresetName; onApply: (name: PresetName) => void }) {
  const { label, styles } = STYLE_PRESETS[name];
  return (
    <button
      type="button"
      className="xs-preset"
      data-preset={name}
      aria-label={t('extras.styles.preset.apply', { name: label })}
      onClick={() => onApply(name)}
    >
      <span className="xs-preset-card" style={{ background: styles.background.color }} aria-hidden="true">
        {/* its 'Aa' comes from extras-style-panel.css: the button's visible text is the preset's name alone */}
        <span className="xs-preset-city" style={{ color: styles.city.color }} />
        <span className="xs-preset-venue" style={{ background: styles.venue.color }} />
        <span
          className="xs-preset-btn"
          style={{ background: styles.buttons.backgroundColor, borderColor: styles.buttons.textColor }}
        />
      </span>
      <span className="xs-preset-label">{label}</span>
    </button>
  );
}

export interface StylePanelViewProps {
  value: CustomStyles;
  onChange: (next: CustomStyles) => void;
  palette: readonly string[];
  paletteLoading: boolean;
  /** the page has a header image to take colours from */
  hasHeader: boolean;
  /** the page exists on the server (styles can be saved) */
  saved: boolean;
  saving: boolean;
  onSave: () => void;
  /** the texts of the live sample (the page's first event when it has one) */
  sample: SampleText;
}

/** The panel itself: props in, changes out. */
export function StylePanelView(props: StylePanelViewProps) {
  const { value, onChange, palette, paletteLoading, hasHeader, saved, saving, onSave, sample } = props;
  const headingId = useId();
  return (
    <section className="xs-panel" aria-labelledby={headingId} data-testid="style-panel">
      <header className="xs-panel-head">
        <span className="xs-panel-icon" aria-hidden="true">
          <Palette size={20} />
        </span>
        <div>
          <h2 id={headingId} className="xs-title">
            {t('extras.styles.title')}
          </h2>
          <p className="hint">{t('extras.styles.intro')}</p>
        </div>
      </header>

      <LiveSample value={value} sample={sample} />

      <div className="xs-presets-head">
        <h3 className="xs-subtitle">{t('extras.styles.presets')}</h3>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          title={t('extras.styles.reset.hint')}
          onClick={() => onChange(defaultCustomStyles())}
        >
          <RotateCcw size={14} aria-hidden="true" />
          {t('extras.styles.reset')}
        </button>
      </div>
      <div className="xs-presets">
        {(Object.keys(STYLE_PRESETS) as PresetName[]).map((name) => (
          <PresetTile key={name} name={name} onApply={(n) => onChange(presetStyles(n))} />
        ))}
      </div>

      <div className="xs-palette-note" aria-live="polite">
        {paletteLoading ? (
          <span className="hint">
            <span className="spinner" aria-hidden="true" /> {t('extras.palette.loading')}
          </span>
        ) : palette.length > 0 ? (
          <span className="xs-palette-legend">
            <span className="hint">{t('extras.palette.label')}</span>
            <span className="xs-palette-strip" aria-hidden="true">
              {palette.map((c) => (
                <i key={c} style={{ background: c }} />
              ))}
            </span>
          </span>
        ) : !hasHeader ? (
          <span className="hint">{t('extras.palette.empty')}</span>
        ) : null}
      </div>

      {TEXT_GROUPS.map((group) => (
        <TextGroupFields
          key={group}
          group={group}
          value={value[group]}
          background={value.background.color}
          palette={palette}
          onChange={(next) => onChange({ ...value, [group]: next })}
        />
      ))}
      <ButtonGroupFields
        value={value.buttons}
        palette={palette}
        onChange={(buttons) => onChange({ ...value, buttons })}
      />
      <fieldset className="xs-group" data-group="background">
        <legend className="xs-legend">
          <span>{t('extras.styles.group.background')}</span>
          <span className="xs-legend-bg" aria-hidden="true" style={{ background: value.background.color }} />
        </legend>
        <ColorField
          name="background-color"
          label={t('extras.styles.backgroundColor')}
          context={t('extras.styles.group.background')}
          value={value.background.color}
          palette={palette}
          onChange={(color) => onChange({ ...value, background: { color } })}
        />
      </fieldset>

      <footer className="xs-panel-foot">
        {!saved && <p className="hint">{t('extras.styles.unsavedHint')}</p>}
        <button type="button" className="btn btn-primary" onClick={onSave} disabled={saving} aria-busy={saving}>
          {saving ? <span className="spinner" aria-hidden="true" /> : <Save size={16} aria-hidden="true" />}
          {saving ? t('extras.styles.saving') : t('extras.styles.save')}
        </button>
      </footer>
    </section>
  );
}

/** The panel wired to the editor's store: edits go to $form.customStyles, so the preview follows. */
export default function StylePanel({ slug }: SlotProps) {
  const form = useStore($form);
  const buttons = useStore($buttons);
  const palette = useStore($palette);
  const saving = useStore($stylesSaving);
  const styles = useMemo(() => normaliseCustomStyles(form.customStyles), [form.customStyles]);
  const sample = useMemo(() => sampleText(buttons), [buttons]);
  const hasHeader = Boolean(form.headerFile || form.header) && form.headerKind !== 'video';

  useEffect(() => {
    if (form.headerFile && form.headerKind === 'image') void paletteFromFile(form.headerFile);
    else void ensurePalette(slug, form.headerKind === 'video' ? null : form.header);
  }, [slug, form.header, form.headerFile, form.headerKind]);

  return (
    <StylePanelView
      value={styles}
      onChange={(next) => setCustomStyles(next)}
      palette={palette.colours}
      paletteLoading={palette.loading}
      hasHeader={hasHeader}
      saved={slug !== null}
      saving={saving}
      onSave={() => void saveCustomStyles(slug, styles)}
      sample={sample}
    />
  );
}
