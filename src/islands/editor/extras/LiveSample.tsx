// The style panel's live sample: one event block drawn as the published custom layout draws it.
import { useEffect } from 'react';
import { fontStack } from '../../../core/fonts';
import { t } from '../../../core/messages';
import { type CustomStyles, lineHeightFor, TEXT_GROUPS, type TextStyle } from '../../../core/styles';
import type { EditorButton } from '../../../stores/editor/state';
import { stickyInner } from '../sticky-inset';
import { loadFontFace } from './font-loader';

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
export function LiveSample({ value, sample }: { value: CustomStyles; sample: SampleText }) {
  const faces = TEXT_GROUPS.map((g) => `${value[g].fontFamily}|${value[g].fontWeight}|${value[g].fontStyle}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `faces` sums up the three groups' faces: reload only when one of them changes
  useEffect(() => {
    for (const g of TEXT_GROUPS) void loadFontFace(value[g].fontFamily, value[g].fontWeight, value[g].fontStyle);
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

/** The texts of the sample: the page's first event when it has one, else a made-up one. */
export function sampleText(buttons: readonly EditorButton[]): SampleText {
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
}
