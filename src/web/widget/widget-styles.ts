export const WIDGET_CSS = `
:host {
  all: initial;
  display: block;
  contain: content;
}
.widget {
  color-scheme: light;
  --_fg: var(--quayside-fg, #1b2430);
  --_bg: var(--quayside-bg, #ffffff);
  --_muted: var(--quayside-muted, #52606d);
  --_border: var(--quayside-border, #d5dbe1);
  --_accent: var(--quayside-accent, #0b5cad);
  --_alert: var(--quayside-alert, #a4262c);
}
.widget[data-scheme='dark'] {
  color-scheme: dark;
  --_fg: var(--quayside-dark-fg, #e6ebf0);
  --_bg: var(--quayside-dark-bg, #161b22);
  --_muted: var(--quayside-dark-muted, #a9b4bf);
  --_border: var(--quayside-dark-border, #3a4450);
  --_accent: var(--quayside-dark-accent, #7cb7f5);
  --_alert: var(--quayside-dark-alert, #ff9a9f);
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.widget {
  /* set inside: the host page may style the element itself, even with !important */
  font: var(--quayside-font-size, 14px) / 1.45 var(--quayside-font, system-ui, -apple-system, 'Segoe UI', sans-serif);
  color: var(--_fg);
  text-align: start;
  letter-spacing: normal;
  background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--quayside-radius, 8px); padding: 12px 16px; }
.shipment + .shipment { border-top: 1px solid var(--_border); margin-top: 12px; padding-top: 12px; }
h2 { font-size: 1.1em; margin: 0 0 8px; }
.link { all: unset; cursor: pointer; color: var(--_accent); font-weight: 600; text-decoration: underline; text-underline-offset: 2px; }
.link:focus-visible, button:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; border-radius: 2px; }
.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 4px 16px; margin: 0 0 8px; }
.facts div { min-width: 0; }
dt { color: var(--_muted); font-size: 0.85em; }
dd { margin: 0; overflow-wrap: anywhere; }
.containers, .events { list-style: none; margin: 0; padding: 0; }
.container { border-top: 1px solid var(--_border); padding: 8px 0; }
.row { display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; justify-content: space-between; }
.status { border: 1px solid currentColor; border-radius: 999px; padding: 0 8px; font-size: 0.85em; color: var(--_muted); }
.events { border-left: 2px solid var(--_border); margin: 4px 0 0 4px; padding-left: 12px; }
.event { padding: 2px 0; }
.event-place, time { color: var(--_muted); }
.message { margin: 0; }
.failed { color: var(--_alert); }
.failed p { margin: 0 0 8px; }
.number-form { margin: 0 0 12px; }
.number-form label { display: block; margin-bottom: 4px; }
.number-form input { font: inherit; color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border); border-radius: 4px; padding: 4px 8px; flex: 1; min-width: 12ch; }
.number-form button, .failed button { font: inherit; color: var(--_fg); background: transparent; border: 1px solid var(--_border); border-radius: 4px; padding: 2px 10px; cursor: pointer; }
.note, .counts { color: var(--_muted); font-size: 0.85em; margin: 8px 0 0; }
`
