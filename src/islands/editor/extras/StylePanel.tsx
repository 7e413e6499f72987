import { useEffect, useId, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { Palette, RotateCcw, Save } from 'lucide-react';
import { t, type MessageKey } from '../../../core/messages';
import { findFont, fontStack, nearestWeight } from '../../../core/fonts';
import {
  BORDER_RADII,
  FONT_SIZES,
  PILL_RADIUS,
  STYLE_PRESETS,
  TEXT_GROUPS,
  defaultCustomStyles,
  lineHeightFor,
  normaliseCustomStyles,
  presetStyles,
  type BorderRadius,
  type ButtonStyle,
  type CustomStyles,
  type FontSize,
  type PresetName,
  type TextGroup,
  type TextStyle,
} from '../../../core/styles';
import { $buttons, $form } from '../../../stores/editor';
import { setCustomStyles } from '../../../stores/editor-form';
import {
  $palette,
  $stylesSaving,
  ensurePalette,
  paletteFromFile,
  saveCustomStyles,
} from '../../../stores/editor-extras';
import ColorField from './ColorField';
import FontPicker from './FontPicker';
import { loadFontFace } from './font-loader';
import type { SlotProps } from '../slots';
import { stickyInner } from '../sticky-inset';
import './extras.css';

const GROUP_LABEL: Record<TextGroup, MessageKey> = {
  data: 'extras.styles.group.data',
  city: 'extras.styles.group.city',
  venue: 'extras.styles.group.venue',
};

/** Organisers think in pixels; the stored value stays in rem (SPEC 3). */
function sizeLabel(size: FontSize): string {
  return `${Math.round(parseFloat(size) * 16)} px`;
}

function radiusLabel(radius: BorderRadius): string {
  return radius === PILL_RADIUS
    ? t('extras.styles.radius.pill')
    : t('extras.styles.radius.px', { value: parseInt(radius, 10) });
}

interface TextGroupProps {
  group: TextGroup;
  value: TextStyle;
  /** the page background, behind the group's sample */
  background: string;
  palette: readonly string[];
  onChange: (next: TextStyle) => void;
}

function TextGroupFields({ group, value, background, palette, onChange }: TextGroupProps) {
  const id = useId();
  const label = t(GROUP_LABEL[group]);
  const font = findFont(value.fontFamily) ?? findFont('Poppins')!;
  const set = (patch: Partial<TextStyle>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="xs-group" data-group={group}>
      <legend className="xs-legend">
        <span>{label}</span>
        <span
          className="xs-legend-sample"
          aria-hidden="true"
          style={{
            color: value.color,
            background,
            fontFamily: fontStack(value.fontFamily),
            fontWeight: value.fontWeight,
            fontStyle: value.fontStyle,
          }}
        >
          Aa
        </span>
      </legend>
      <ColorField
        name={`${group}-color`}
        label={t('extras.styles.color')}
        context={label}
        value={value.color}
        palette={palette}
        onChange={(color) => set({ color })}
      />
      <FontPicker
        name={`${group}-family`}
        label={t('extras.styles.family')}
        context={label}
        value={value.fontFamily}
        weight={value.fontWeight}
        fontStyle={value.fontStyle}
        onChange={(family) => {
          const next = findFont(family) ?? font;
          set({
            fontFamily: next.family,
            fontWeight: nearestWeight(next, value.fontWeight),
            fontStyle: value.fontStyle === 'italic' && !next.italic ? 'normal' : value.fontStyle,
          });
        }}
      />
      <div className="xs-row3">
        <div className="xs-field">
          <label className="xs-label" htmlFor={`${id}-size`}>
            {t('extras.styles.size')}
          </label>
          <select
            id={`${id}-size`}
            name={`${group}-size`}
            className="select"
            aria-label={`${label} – ${t('extras.styles.size')}`}
            value={value.fontSize}
            onChange={(e) => set({ fontSize: e.target.value as FontSize })}
          >
            {FONT_SIZES.map((size) => (
              <option key={size} value={size}>
                {sizeLabel(size)}
              </option>
            ))}
          </select>
        </div>
        <div className="xs-field">
          <label className="xs-label" htmlFor={`${id}-weight`}>
            {t('extras.styles.weight')}
          </label>
          <select
            id={`${id}-weight`}
            name={`${group}-weight`}
            className="select"
            aria-label={`${label} – ${t('extras.styles.weight')}`}
            value={nearestWeight(font, value.fontWeight)}
            onChange={(e) => set({ fontWeight: e.target.value as TextStyle['fontWeight'] })}
          >
            {font.weights.map((w) => (
              <option key={w} value={w}>
                {t(`extras.styles.weight.${w}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
        <div className="xs-field">
          <span className="xs-label" id={`${id}-style`}>
            {t('extras.styles.style')}
          </span>
          <div className="xs-seg" role="radiogroup" aria-labelledby={`${id}-style`}>
            {(['normal', 'italic'] as const).map((style) => (
              <label key={style} className="xs-seg-item">
                <input
                  type="radio"
                  name={`${id}-style-${group}`}
                  value={style}
                  checked={value.fontStyle === style}
                  disabled={style === 'italic' && !font.italic}
                  aria-label={`${label} – ${t(style === 'italic' ? 'extras.styles.style.italic' : 'extras.styles.style.normal')}`}
                  onChange={() => set({ fontStyle: style })}
                />
                <span style={style === 'italic' ? { fontStyle: 'italic' } : undefined}>
                  {t(style === 'italic' ? 'extras.styles.style.italic' : 'extras.styles.style.normal')}
                </span>
              </label>
            ))}
          </div>
        </div>
      </div>
    </fieldset>
  );
}

interface ButtonGroupProps {
  value: ButtonStyle;
  palette: readonly string[];
  onChange: (next: ButtonStyle) => void;
}

function ButtonGroupFields({ value, palette, onChange }: ButtonGroupProps) {
  const id = useId();
  const label = t('extras.styles.group.buttons');
  const set = (patch: Partial<ButtonStyle>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="xs-group" data-group="buttons">
      <legend className="xs-legend">
        <span>{label}</span>
        <span
          className="xs-legend-button"
          aria-hidden="true"
          style={{ background: value.backgroundColor, color: value.textColor, borderRadius: value.borderRadius }}
        >
          {t('public.defaultButtonText')}
        </span>
      </legend>
      <div className="xs-row2">
        <ColorField
          name="buttons-background"
          label={t('extras.styles.buttonBackground')}
          context={label}
          value={value.backgroundColor}
          palette={palette}
          onChange={(backgroundColor) => set({ backgroundColor })}
        />
        <ColorField
          name="buttons-text"
          label={t('extras.styles.buttonText')}
          context={label}
          value={value.textColor}
          palette={palette}
          onChange={(textColor) => set({ textColor })}
        />
      </div>
      <div className="xs-field">
        <span className="xs-label" id={`${id}-radius`}>
          {t('extras.styles.radius')}
        </span>
        <div className="xs-seg xs-seg-radius" role="radiogroup" aria-labelledby={`${id}-radius`}>
          {BORDER_RADII.map((radius) => (
            <label key={radius} className="xs-seg-item">
              <input
                type="radio"
                name={`${id}-radius`}
                value={radius}
                checked={value.borderRadius === radius}
                aria-label={`${t('extras.styles.radius')}: ${radiusLabel(radius)}`}
                onChange={() => set({ borderRadius: radius })}
              />
              <span>
                <i className="xs-corner" style={{ borderTopLeftRadius: radius === PILL_RADIUS ? '10px' : radius }} />
                {radius === PILL_RADIUS ? t('extras.styles.radius.pill') : parseInt(radius, 10)}
              </span>
            </label>
          ))}
        </div>
      </div>
      <div className="xs-field xs-narrow">
        <label className="xs-label" htmlFor={`${id}-size`}>
          {t('extras.styles.size')}
        </label>
        <select
          id={`${id}-size`}
          name="buttons-size"
          className="select"
          aria-label={`${label} – ${t('extras.styles.size')}`}
          value={value.fontSize}
          onChange={(e) => set({ fontSize: e.target.value as FontSize })}
        >
          {FONT_SIZES.map((size) => (
            <option key={size} value={size}>
              {sizeLabel(size)}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

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
        {/* its 'Aa' comes from extras.css: the button's visible text is the preset's name alone */}
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

export interface SampleText {
  date: string;
  city: string;
  venue: string;
  cta: string;
}

function textCss(s: TextStyle) {
  return {
    color: s.color,
    fontFamily: fontStack(s.fontFamily),
    fontWeight: s.fontWeight,
    fontStyle: s.fontStyle,
    fontSize: s.fontSize,
    lineHeight: lineHeightFor(s.fontSize),
  };
}

/** One event block drawn as the published custom layout draws it, updated on every change. */
function LiveSample({ value, sample }: { value: CustomStyles; sample: SampleText }) {
  const faces = TEXT_GROUPS.map((g) => `${value[g].fontFamily}|${value[g].fontWeight}|${value[g].fontStyle}`).join(',');
  useEffect(() => {
    for (const g of TEXT_GROUPS) void loadFontFace(value[g].fontFamily, value[g].fontWeight, value[g].fontStyle);
    // `faces` sums up the three groups' faces: reload only when one of them changes
  }, [faces]);
  return (
    <figure className="xs-sample" ref={stickyInner} aria-label={t('extras.styles.preview')} data-testid="style-sample">
      <figcaption className="xs-sample-cap">{t('extras.styles.preview')}</figcaption>
      <div className="xs-sample-page" style={{ background: value.background.color }}>
        {sample.date && (
          <p className="xs-sample-d" style={textCss(value.data)}>
            {sample.date}
          </p>
        )}
        {sample.city && (
          <p className="xs-sample-c" style={textCss(value.city)}>
            {sample.city}
          </p>
        )}
        {sample.venue && (
          <p className="xs-sample-v" style={textCss(value.venue)}>
            {sample.venue}
          </p>
        )}
        <span
          className="xs-sample-btn"
          style={{
            background: value.buttons.backgroundColor,
            color: value.buttons.textColor,
            borderRadius: value.buttons.borderRadius,
            fontSize: value.buttons.fontSize,
          }}
        >
          {sample.cta}
        </span>
      </div>
    </figure>
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

/** SPEC 2 'custom style panel', SPEC 3 'Custom styles': props in, changes out. */
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
  const sample = useMemo((): SampleText => {
    const first = buttons.find((b) => b.type === 'text');
    if (first && first.type === 'text' && (first.data || first.city || first.venue)) {
      return {
        date: first.data,
        city: first.city,
        venue: first.venue,
        cta: (first.ctaButtons[0]?.buttonText || t('public.defaultButtonText')).toUpperCase(),
      };
    }
    return {
      date: t('extras.styles.sample.date'),
      city: t('extras.styles.sample.city'),
      venue: t('extras.styles.sample.venue'),
      cta: t('public.defaultButtonText'),
    };
  }, [buttons]);
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
