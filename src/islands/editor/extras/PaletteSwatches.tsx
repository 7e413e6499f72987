import { t } from '../../../core/messages';

interface PaletteSwatchesProps {
  colours: readonly string[];
  /** the field's current colour: its swatch shows as chosen */
  current?: string;
  onPick: (colour: string) => void;
  /** what the swatches set, for screen readers ('Data: Colore') */
  label: string;
}

/** The header's palette as one-click swatches beside a colour input. */
export default function PaletteSwatches({ colours, current, onPick, label }: PaletteSwatchesProps) {
  if (colours.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of swatch buttons beside a field, named by its aria-label; a fieldset would need a legend
    <div className="xs-swatches" role="group" aria-label={`${label} — ${t('extras.palette.label')}`}>
      {colours.map((colour) => (
        <button
          key={colour}
          type="button"
          className="xs-swatch"
          style={{ background: colour }}
          title={colour}
          aria-label={t('extras.palette.use', { color: colour })}
          aria-pressed={current?.toUpperCase() === colour}
          data-colour={colour}
          onClick={() => onPick(colour)}
        />
      ))}
    </div>
  );
}
