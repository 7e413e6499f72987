/**
 * The published page's only script (< 2.5 KB, no framework), inlined in <head> so its capturing
 * 'error' listener sees images that fail before the body is parsed. It:
 * - marks the document `js` (the sign-up's other-city field then shows only when chosen: CSS),
 *   and `f` once the page has loaded, which applies the web fonts (styles.ts LANDING_TYPE);
 * - sends the click beacon for a CTA or image link carrying data-c (never delays navigation), with
 *   the source of the view it came from: the page URL's utm_source as `u`, else the origin of
 *   the page's referrer as `r` (the Worker reduces either to a source: src/core/traffic.ts);
 * - sends the 'Avvisami' form (data-f) with fetch instead of leaving the page, with the same
 *   source, and shows the answer's detail (or data-e) in its status line; the button is
 *   disabled meanwhile (data-s says so);
 * - toggles the video header's sound;
 * - swaps a broken header for the placeholder and hides broken image buttons.
 * The CSP allows it by its sha256 hash, so it must stay a constant string.
 */
import { PUBLIC_ERROR_REDIRECT_MS } from '../core/constants';
import { COUNTDOWN_MS } from '../core/on-sale';
import { PLACEHOLDER_HEADER } from '../core/public-view';
import { EMBED_SOURCE } from '../core/traffic';
import { EMBED_FRAME_HEIGHT } from '../core/embed';
import { t } from '../core/messages';
import { SLUG_MAX } from '../core/slug';

export const LANDING_SCRIPT =
  '(function(d){' +
  // `f` once loaded: the web fonts apply only then (docs/behaviour.md#fonts-after-load)
  'var h=d.documentElement.classList;h.add("js");addEventListener("load",function(){h.add("f")});' +
  'function c(e,s){var t=e.target;return t&&t.closest?t.closest(s):null}' +
  // the view's source: ["u", utm_source] or ["r", referrer origin], or 0
  'function o(){var q=new URLSearchParams(location.search).get("utm_source"),r=d.referrer.split("/").slice(0,3).join("/");' +
  'return q?["u",q]:r?["r",r]:0}' +
  'd.addEventListener("click",function(e){' +
  'var a=c(e,"[data-c]");' +
  'if(a){var u=a.getAttribute("data-c"),k=o();' +
  'if(k)u+=(u.indexOf("?")<0?"?":"&")+k[0]+"="+encodeURIComponent(k[1]);' +
  'try{navigator.sendBeacon(u)||fetch(u,{method:"POST",keepalive:true})}catch(x){}}' +
  'var m=c(e,"[data-mute]");' +
  'if(m){var v=d.querySelector("video[data-h]");if(v){v.muted=!v.muted;if(!v.muted&&v.paused)v.play();' +
  'm.setAttribute("aria-pressed",v.muted?"false":"true");m.setAttribute("aria-label",m.getAttribute(v.muted?"data-on":"data-off"))}}' +
  '});' +
  'd.addEventListener("submit",function(e){' +
  'var f=e.target;if(!f.hasAttribute||!f.hasAttribute("data-f"))return;e.preventDefault();' +
  // a button disabled while focused drops the focus: it gets it back when the answer shows
  'var b=f.querySelector("button"),s=f.querySelector("[role=status]"),p=new URLSearchParams(new FormData(f)),k=o(),' +
  'w=d.activeElement==b,n=function(t){s.textContent=t||f.getAttribute("data-e");b.disabled=false;if(w)b.focus()};' +
  'if(k)p.set(k[0],k[1]);b.disabled=true;s.textContent=f.getAttribute("data-s");' +
  'fetch(f.action,{method:"POST",body:p,headers:{Accept:"application/json"}}).then(function(r){' +
  'return r.json().then(function(j){if(r.ok)f.reset();n(j.detail)})}).catch(function(){n()})' +
  '});' +
  'd.addEventListener("error",function(e){' +
  'var t=e.target,p="' +
  PLACEHOLDER_HEADER +
  '";if(!t||!t.hasAttribute)return;' +
  'if(t.hasAttribute("data-h")){' +
  'if(t.tagName=="VIDEO"){var i=d.createElement("img");i.className=t.className;i.alt="";i.src=p;t.replaceWith(i);' +
  'var b=d.querySelector("[data-mute]");if(b)b.hidden=true}' +
  'else if(t.getAttribute("src")!=p)t.src=p}' +
  'else if(t.hasAttribute("data-i"))(t.closest("li")||t).hidden=true' +
  '},true)' +
  '})(document)';

/**
 * The 404 error state's only script: to /home after the redirect delay, unless the visitor
 * acts first (a key, a tap, a scroll, focus moving): then the page stays and the
 * 'Reindirizzamento in corso...' line goes away. A visitor who needs more time is never
 * taken away mid-read (WCAG 2.2.1 Timing Adjustable); the 'Torna alla home' link stays.
 * Without scripts the page simply stays. Allowed by its hash, so it is a constant string.
 */
export const ERROR_REDIRECT_SCRIPT =
  '(function(w,d){' +
  'var t=w.setTimeout(function(){w.location.replace("/home")},' +
  String(PUBLIC_ERROR_REDIRECT_MS) +
  ');' +
  'function s(){w.clearTimeout(t);var r=d.querySelector("[data-redirect]");if(r)r.hidden=true;' +
  '["keydown","pointerdown","touchstart","wheel","focusin"].forEach(function(e){w.removeEventListener(e,s,true)})}' +
  '["keydown","pointerdown","touchstart","wheel","focusin"].forEach(function(e){w.addEventListener(e,s,true)})' +
  '})(window,document)';

/** The `type` of the embed's height message, which /embed.js (EMBED_LOADER) waits for. */
export const EMBED_HEIGHT_MESSAGE = 'palco:height';

/**
 * The embed's only script (GET /{slug}/embed, inside another site's iframe). It:
 * - sends the click beacon of a CTA (data-c) with the source `embed` as `u`, so the tap is
 *   counted like the page's, under the embed's source (docs/behaviour.md#embedding-the-dates);
 * - posts the document's height to the frame's parent whenever it changes, so /embed.js keeps
 *   the iframe fitted to the dates. Only a number leaves the frame, so any parent may read it:
 *   the parent checks who sent it (the message's origin and source).
 * A constant string: the CSP allows it by its hash.
 */
export const EMBED_SCRIPT =
  '(function(d,w){' +
  'd.addEventListener("click",function(e){' +
  'var t=e.target,a=t&&t.closest?t.closest("[data-c]"):null;if(!a)return;' +
  'var u=a.getAttribute("data-c");u+=(u.indexOf("?")<0?"?":"&")+"u=' +
  EMBED_SOURCE +
  '";' +
  'try{navigator.sendBeacon(u)||fetch(u,{method:"POST",keepalive:true})}catch(x){}});' +
  'if(w.parent===w)return;' +
  'var l=0;function h(){var n=Math.ceil(d.documentElement.getBoundingClientRect().height);' +
  'if(n!==l){l=n;w.parent.postMessage({type:"' +
  EMBED_HEIGHT_MESSAGE +
  '",height:n},"*")}}' +
  'if(w.ResizeObserver)new ResizeObserver(h).observe(d.documentElement);' +
  'w.addEventListener("load",h);d.addEventListener("DOMContentLoaded",h)' +
  '})(document,window)';

/**
 * /embed.js, the band's one-line snippet (`<script src=".../embed.js" data-palco="{slug}"
 * async>`): inserts a titled, lazy iframe of the page's embed right after its script tag and sets
 * the frame's height from the embed's height messages, accepting them only from the frame it
 * made (the message's source) on the origin it loaded from (the message's origin). Sizes go
 * through the CSSOM, which an embedding site's strict style-src allows. Built once per isolate
 * from the catalogue's frame title; under 1 KB.
 */
export function embedLoader(): string {
  return (
    '(function(d,w){var s=d.currentScript;if(!s||!s.src)return;' +
    'var o=new URL(s.src).origin,p=s.getAttribute("data-palco")||"";' +
    `if(!/^[a-z0-9]{1,${SLUG_MAX}}$/.test(p))return;` +
    'var f=d.createElement("iframe");' +
    `f.src=o+"/"+p+"/embed";f.title=${JSON.stringify(t('embed.frameTitle'))};f.setAttribute("loading","lazy");` +
    `f.style.display="block";f.style.width="100%";f.style.border="0";f.style.height="${EMBED_FRAME_HEIGHT}px";` +
    's.parentNode.insertBefore(f,s.nextSibling);' +
    'w.addEventListener("message",function(e){var m=e.data;' +
    'if(e.origin!==o||e.source!==f.contentWindow||!m||m.type!=="' +
    EMBED_HEIGHT_MESSAGE +
    '")return;' +
    'var h=Number(m.height);if(h>0&&h<1e5)f.style.height=Math.ceil(h)+"px"})' +
    '})(document,window)'
  );
}

/**
 * The ticket drops' script (docs/behaviour.md#ticket-drops), emitted at the end of the body only
 * on a page with a CTA waiting for its on-sale instant, and allowed by its own hash. Each waiting
 * CTA is a `.dw` wrapper whose data-w is the instant in UTC ms, holding the waiting block (label,
 * date text, then the `role=timer` with its 'Apre tra ' prefix in data-p) and the CTA as it will
 * be once on sale; the page's CSS shows one or the other from data-w and the class `c`. On the
 * visitor's clock it:
 * - in the last 24 hours marks the wrapper `c` and writes the countdown, HH:MM:SS rounded up (so
 *   never 00:00:00 while still closed), ticking on the instant's own second boundaries;
 * - at the instant drops data-w: the CTA shows in the waiting block's place (and the event's
 *   'Avvisami' link goes once none of its CTAs waits, by CSS);
 * - sleeps at most 2e9 ms at a time (setTimeout overflows past 2^31-1 ms, 24.8 days) and looks
 *   again when the tab comes back (visibilitychange: timers of hidden tabs are throttled);
 * - runs once at once, so a document older than the instant switches as it loads;
 * - on 'Avvisami' (data-a), chooses the event's city in the sign-up form (data-o: the text of
 *   'Un'altra città'); the link itself goes to the form.
 * A presale's switch (docs/behaviour.md#presales-on-the-published-page) is the same data-w
 * without a timer inside: it has no countdown, and its data-w goes at its instant like a CTA's.
 */
export const DROP_SCRIPT =
  '(function(d){var T;' +
  'function u(){clearTimeout(T);var n=Date.now(),m=2e9;' +
  'd.querySelectorAll("[data-w]").forEach(function(e){' +
  'var r=e.dataset.w-n,t=e.querySelector("[data-p]"),s=Math.ceil(r/1e3);' +
  // under a day left the seconds are a time of day: ISO gives HH:MM:SS; without a timer (a
  // presale's switch) it sleeps to the instant itself
  'if(r>0){if(t)if(s<' +
  String(COUNTDOWN_MS / 1000) +
  '){e.classList.add("c");' +
  't.textContent=t.dataset.p+new Date(s*1e3).toISOString().slice(11,19);r=r%1e3||1e3}' +
  'else r-=' +
  String(COUNTDOWN_MS - 1000) +
  ';if(r<m)m=r}' +
  'else e.removeAttribute("data-w")' +
  '});T=setTimeout(u,m)}' +
  'd.addEventListener("visibilitychange",u);' +
  'd.addEventListener("click",function(e){' +
  'var a=e.target.closest("[data-a]"),s=d.getElementById("fs-c");' +
  'if(a&&s){s.value=a.dataset.a;if(a.dataset.o)d.getElementById("fs-o").value=a.dataset.o}});' +
  'u()})(document)';
