// The mobile preview popup: the page rendered by the very renderer that publishes it
// (src/landing/render.ts) into an iframe of the chosen device width, so media queries and the
// inline script behave as published. Loaded lazily: react-dom/server stays out of first paint.
// Given a `version`, it shows that saved page instead of the form ('Cronologia', history.ts).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Monitor, Smartphone } from 'lucide-react';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { DEFAULT_FOOTER_LINKS, PREVIEW_WIDTHS } from '../../core/constants';
import { t } from '../../core/messages';
import type { PageLike } from '../../core/public-view';
import { renderPreviewDocument } from '../../landing/render';
import { $buttons, $editing, $form } from '../../stores/editor/state';
import { $user } from '../../stores/session';
import { previewPage } from '../../stores/editor/payload';
import { CloseButton } from '../../components/CloseButton';

interface Device {
  id: string;
  width: number;
  label: string;
}

const DEVICES: Device[] = [
  {
    id: 'desktop',
    width: PREVIEW_WIDTHS.desktop,
    label: t('editor.preview.desktop', { width: PREVIEW_WIDTHS.desktop }),
  },
  ...PREVIEW_WIDTHS.phones.map((width, i) => ({
    id: `phone-${i}`,
    width,
    label: t('editor.preview.phone', { width }),
  })),
];

const FRAME_HEIGHT = 760;

/** A saved page to show instead of the form: a version of the page's history. */
export interface PreviewSource {
  page: PageLike & { company: string | null };
  slug: string;
  /** the heading, e.g. 'Versione', and below it when it was saved */
  title: string;
  when: string;
}

export default function PreviewPopup({ onClose, version }: { onClose: () => void; version?: PreviewSource }) {
  const stageRef = useRef<HTMLDivElement>(null);
  const form = useStore($form);
  const buttons = useStore($buttons);
  const [deviceId, setDeviceId] = useState('phone-0');
  const [scale, setScale] = useState(1);
  const device = DEVICES.find((d) => d.id === deviceId) ?? DEVICES[1]!;

  // the frame keeps its real CSS width; on a narrow screen it is scaled down to fit
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const fitStage = () => {
      // the stage's padding (2 × 12 px) and the device's margin (2 × 10 px) take their share:
      // at 375 px the scaled device fits without scrolling sideways
      const available = stage.clientWidth - 44;
      const availableH = stage.clientHeight - 44;
      setScale(Math.min(1, available / device.width, availableH > 200 ? availableH / FRAME_HEIGHT : 1));
    };
    fitStage();
    const observer = new ResizeObserver(fitStage);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [device.width]);

  // The document follows the form and the buttons. It carries the published page's policy (by
  // hash, computed asynchronously): a newer render always replaces an older one, never the reverse.
  const [html, setHtml] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: previewPage() reads the buttons from their store; they trigger a new render
  useEffect(() => {
    let current = true;
    // the 'Avvisami' block names the page's company (a new page gets its author's)
    const page = version
      ? { ...version.page, company: version.page.company ?? '' }
      : { ...previewPage(), company: $editing.get()?.company ?? $user.get()?.company ?? '' };
    void renderPreviewDocument(page, {
      slug: version ? version.slug : form.slug || 'preview',
      origin: location.origin,
      headerType: !version && form.headerPreview ? (form.headerKind ?? 'image') : undefined,
      // the static site does not know the Worker's configured links: the shared defaults
      links: { ...DEFAULT_FOOTER_LINKS },
    }).then((doc) => {
      if (current) setHtml(doc);
    });
    return () => {
      current = false;
    };
  }, [form, buttons, version]);

  return (
    <Modal open onClose={onClose} labelledBy="ed-preview-title" className="ed-preview">
      <div className="ed-preview__panel">
        <header className="ed-preview__head">
          <h2 id="ed-preview-title" className="ed-preview__title">
            {version ? (
              <>
                {version.title}
                <span className="ed-preview__when tabular">{version.when}</span>
              </>
            ) : (
              t('editor.preview.title')
            )}
          </h2>
          <SelectField
            id="ed-preview-device"
            label={t('editor.preview.device')}
            className="field ed-preview__device"
            labelClassName="visually-hidden"
            icon={
              <span className="ed-preview__device-icon" aria-hidden="true">
                {device.id === 'desktop' ? <Monitor size={18} /> : <Smartphone size={18} />}
              </span>
            }
            value={deviceId}
            options={DEVICES.map((d) => ({ value: d.id, label: d.label }))}
            onChange={setDeviceId}
          />
          <CloseButton label={t('editor.preview.close')} onClick={onClose} autoFocusOnOpen />
        </header>
        <div className="ed-preview__stage" ref={stageRef}>
          <div
            className={`ed-device ${device.id === 'desktop' ? 'ed-device--desktop' : ''}`}
            style={{ width: `${device.width * scale}px`, height: `${FRAME_HEIGHT * scale}px` }}
          >
            <iframe
              title={t('editor.preview.frame', { width: device.width })}
              srcDoc={html}
              width={device.width}
              height={FRAME_HEIGHT}
              data-width={device.width}
              // Same origin so the blob: header of a file not yet uploaded can show (an opaque-origin
              // frame may not load the editor's blob: URLs, nor its fonts without CORS). What runs
              // inside is confined by the document's own CSP <meta>: only the page's hashed script.
              // No popups, forms or top navigation; links are inert in preview anyway.
              sandbox="allow-scripts allow-same-origin"
              style={{ transform: `scale(${scale})`, width: device.width, height: FRAME_HEIGHT }}
            />
          </div>
        </div>
      </div>
    </Modal>
  );
}
