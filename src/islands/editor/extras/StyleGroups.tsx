// The style panel's field groups: one per text group (date, city, venue) and one for the buttons.
import { useId } from 'react';
import { type Choice, SelectField, Segmented } from '../../../components/SelectField';
import { findFont, fontStack, nearestWeight } from '../../../core/fonts';
import { type MessageKey, t } from '../../../core/messages';
import {
  BORDER_RADII,
  type BorderRadius,
  type ButtonStyle,
  FONT_SIZES,
  type FontSize,
  PILL_RADIUS,
  type TextGroup,
  type TextStyle,
} from '../../../core/styles';
import ColorField from './ColorField';
import FontPicker from './FontPicker';

const GROUP_LABEL: Record<TextGroup, MessageKey> = {
  data: 'extras.styles.group.data',
  city: 'extras.styles.group.city',
  venue: 'extras.styles.group.venue',
};

/** Organisers think in pixels; the stored value stays in rem. */
const SIZE_CHOICES: Choice<FontSize>[] = FONT_SIZES.map((size) => ({
  value: size,
  label: `${Math.round(parseFloat(size) * 16)} px`,
}));

function radiusLabel(radius: BorderRadius): string {
  return radius === PILL_RADIUS
    ? t('extras.styles.radius.pill')
    : t('extras.styles.radius.px', { value: parseInt(radius, 10) });
}

/** The font size of a group, in pixels. */
function SizeField({
  id,
  name,
  group,
  value,
  onChange,
  narrow = false,
}: {
  id: string;
  /** a field of its own row, kept to a select's width */
  narrow?: boolean;
  name: string;
  /** the group's label, for screen readers */
  group: string;
  value: FontSize;
  onChange: (size: FontSize) => void;
}) {
  return (
    <SelectField
      id={id}
      name={name}
      label={t('extras.styles.size')}
      ariaLabel={`${group} – ${t('extras.styles.size')}`}
      className={narrow ? 'xs-field xs-narrow' : 'xs-field'}
      labelClassName="xs-label"
      value={value}
      options={SIZE_CHOICES}
      onChange={onChange}
    />
  );
}

interface TextGroupProps {
  group: TextGroup;
  value: TextStyle;
  /** the page background, behind the group's sample */
  background: string;
  palette: readonly string[];
  onChange: (next: TextStyle) => void;
}

export function TextGroupFields({ group, value, background, palette, onChange }: TextGroupProps) {
  const id = useId();
  const label = t(GROUP_LABEL[group]);
  const font = findFont(value.fontFamily) ?? findFont('Poppins')!;
  const set = (patch: Partial<TextStyle>) => onChange({ ...value, ...patch });
  const styleName = (style: 'normal' | 'italic') =>
    t(style === 'italic' ? 'extras.styles.style.italic' : 'extras.styles.style.normal');
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
        <SizeField
          id={`${id}-size`}
          name={`${group}-size`}
          group={label}
          value={value.fontSize}
          onChange={(fontSize) => set({ fontSize })}
        />
        <SelectField
          id={`${id}-weight`}
          name={`${group}-weight`}
          label={t('extras.styles.weight')}
          ariaLabel={`${label} – ${t('extras.styles.weight')}`}
          className="xs-field"
          labelClassName="xs-label"
          value={nearestWeight(font, value.fontWeight)}
          options={font.weights.map((w) => ({ value: w, label: t(`extras.styles.weight.${w}` as MessageKey) }))}
          onChange={(fontWeight) => set({ fontWeight })}
        />
        <div className="xs-field">
          <span className="xs-label" id={`${id}-style`}>
            {t('extras.styles.style')}
          </span>
          <Segmented
            name={`${id}-style-${group}`}
            className="xs-seg"
            optionClassName="xs-seg-item"
            labelledBy={`${id}-style`}
            value={value.fontStyle}
            onChange={(fontStyle) => set({ fontStyle })}
            options={(['normal', 'italic'] as const).map((style) => ({
              value: style,
              disabled: style === 'italic' && !font.italic,
              ariaLabel: `${label} – ${styleName(style)}`,
              content: <span style={style === 'italic' ? { fontStyle: 'italic' } : undefined}>{styleName(style)}</span>,
            }))}
          />
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

export function ButtonGroupFields({ value, palette, onChange }: ButtonGroupProps) {
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
        <Segmented
          name={`${id}-radius`}
          className="xs-seg xs-seg-radius"
          optionClassName="xs-seg-item"
          labelledBy={`${id}-radius`}
          value={value.borderRadius}
          onChange={(borderRadius) => set({ borderRadius })}
          options={BORDER_RADII.map((radius) => ({
            value: radius,
            ariaLabel: `${t('extras.styles.radius')}: ${radiusLabel(radius)}`,
            content: (
              <span>
                <i className="xs-corner" style={{ borderTopLeftRadius: radius === PILL_RADIUS ? '10px' : radius }} />
                {radius === PILL_RADIUS ? t('extras.styles.radius.pill') : parseInt(radius, 10)}
              </span>
            ),
          }))}
        />
      </div>
      <SizeField
        id={`${id}-size`}
        name="buttons-size"
        narrow
        group={label}
        value={value.fontSize}
        onChange={(fontSize) => set({ fontSize })}
      />
    </fieldset>
  );
}
