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
import { PLACEHOLDER_HEADER } from '../core/public-view';

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
