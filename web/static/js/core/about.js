// The companion's version, as the host wrote it into the table screen (body data-version).

import { h } from "./dom.js";
import { t } from "./i18n.js";

function versionLine() {
  return h("p", { class: "hint", "data-out": "version", text: t("about.version", { version: document.body.dataset.version }) });
}

export { versionLine };
