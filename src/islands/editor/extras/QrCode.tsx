import { useEffect, useMemo, useRef, useState } from 'react';
import { encode } from 'uqr';
import { Download, QrCode as QrIcon } from 'lucide-react';
import { t } from '../../../core/messages';
import { QR_SOURCE } from '../../../core/traffic';
import { saveBlob } from '../../../lib/download';
import { ShareFold } from './ShareFold';
import './extras.css';

/** Pixels per module of the PNG download: about 600 px for a short URL, sharp on a poster. */
const PNG_MODULE_PX = 16;
/** The standard quiet zone around the code, in modules (readers need it on busy prints). */
const QUIET_ZONE = 4;

/** One SVG path of the dark modules, a horizontal run per segment: small and crisp at any size. */
export function qrSvg(data: boolean[][]): string {
  const size = data.length;
  let d = '';
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x++;
      d += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`
  );
}

function draw(canvas: HTMLCanvasElement, data: boolean[][], modulePx: number): void {
  const size = data.length * modulePx;
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = '#000';
  for (const [y, row] of data.entries()) {
    for (const [x, dark] of row.entries()) if (dark) ctx.fillRect(x * modulePx, y * modulePx, modulePx, modulePx);
  }
}

/**
 * The address the QR code opens: the public page with utm_source=qr, so visits from posters and
 * flyers show as 'Codice QR' in the statistics (docs/behaviour.md#counting-views-and-clicks).
 */
export function qrTarget(url: string): string {
  const target = new URL(url);
  target.searchParams.set('utm_source', QR_SOURCE);
  return target.toString();
}

interface QrProps {
  slug: string;
  /** the public page's URL (the share card's); the code adds utm_source=qr to it */
  url: string;
}

/**
 * Beyond the spec: a QR code of the public page for posters and flyers, made in the browser
 * (no third party sees the link), downloadable as PNG and SVG. It sits in the editor's share
 * card, folded until asked for.
 */
export default function QrCode({ slug, url }: QrProps) {
  const [open, setOpen] = useState(false);
  const target = qrTarget(url);
  const qr = useMemo(() => encode(target, { ecc: 'M', border: QUIET_ZONE }), [target]);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    // the on-screen code: 8 px modules, scaled down by CSS so it stays crisp on dense screens
    if (open && canvas.current) draw(canvas.current, qr.data, 8);
  }, [qr, open]);

  function downloadPng() {
    const big = document.createElement('canvas');
    draw(big, qr.data, PNG_MODULE_PX);
    big.toBlob((blob) => blob && saveBlob(blob, `${slug}-qr.png`), 'image/png');
  }

  function downloadSvg() {
    saveBlob(new Blob([qrSvg(qr.data)], { type: 'image/svg+xml' }), `${slug}-qr.svg`);
  }

  return (
    <ShareFold
      open={open}
      onToggle={() => setOpen(!open)}
      icon={<QrIcon size={16} aria-hidden="true" />}
      title={t('extras.qr.title')}
      panelClass="xs-qr"
      testId="qr-code"
    >
      <div className="xs-qr-code">
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('extras.qr.alt', { url: target })}
          data-url={target}
          data-testid="qr-canvas"
        />
      </div>
      <div className="xs-qr-body">
        <p className="hint">{t('extras.qr.intro')}</p>
        <p className="xs-qr-target" data-testid="qr-target">
          {target.replace(/^https?:\/\//, '')}
        </p>
        <p className="hint">{t('extras.qr.source')}</p>
        <div className="xs-actions">
          <button type="button" className="btn btn-primary btn-sm" onClick={downloadPng}>
            <Download size={14} aria-hidden="true" />
            {t('extras.qr.png')}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={downloadSvg}>
            <Download size={14} aria-hidden="true" />
            {t('extras.qr.svg')}
          </button>
        </div>
      </div>
    </ShareFold>
  );
}
