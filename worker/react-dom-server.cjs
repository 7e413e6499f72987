'use strict';
// react-dom/server for the Worker (aliased in wrangler.toml): only the renderer that holds
// renderToStaticMarkup. The workerd entry of react-dom would also bundle the streaming edge
// renderer we never call (~300 KB). NODE_ENV is defined by wrangler, so one branch survives,
// matching the build of react itself (development under `wrangler dev`).
if (process.env.NODE_ENV === 'production') {
  module.exports = require('../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js');
} else {
  module.exports = require('../node_modules/react-dom/cjs/react-dom-server-legacy.browser.development.js');
}
