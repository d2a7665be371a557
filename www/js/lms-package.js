// The SCORM 1.2 package of genlab for an LMS (Moodle, Canvas, Blackboard...): a zip of the
// single file, genlab.html, as the one SCO, and imsmanifest.xml at its root. The page's
// "Download for your LMS" (js/main.js, loaded when pressed) makes it from the genlab.html
// beside the page, starting in the page's current state; tools/dist/build.mjs makes
// dist/genlab-scorm.zip with this same module (under Node, which has the same streams).
// The SCO's handshake with the LMS is js/scorm.js, inside the single file.

import { zipWrite } from "./zip-write.js";

/** Escapes text for an XML element or a double-quoted attribute. */
const xml = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/**
 * imsmanifest.xml for one SCO, genlab.html, titled `title`: IMS Content Packaging 1.1.2 with
 * ADL's SCORM 1.2 extension (adlcp:scormtype="sco"), as the SCORM 1.2 Content Aggregation
 * Model gives it. No xsi:schemaLocation: the package does not carry the schema files, and
 * LMSs read the manifest without them (the tests validate it against them).
 */
export function scormManifest(title) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="genlab" version="1.0"
          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="genlab-organization">
    <organization identifier="genlab-organization">
      <title>${xml(title)}</title>
      <item identifier="genlab-item" identifierref="genlab-sco" isvisible="true">
        <title>${xml(title)}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="genlab-sco" type="webcontent" adlcp:scormtype="sco" href="genlab.html">
      <file href="genlab.html"/>
    </resource>
  </resources>
</manifest>
`;
}

/**
 * genlab.html (its text, `html`) opening in the state `start` (a link's query string without
 * its "?", e.g. "embed=nb&a=0"; "" for the defaults): the state goes into the file's
 * `<meta name="genlab-start">`, which js/main.js reads when the address has no state of its
 * own (an LMS opens the SCO at its bare address).
 */
export function withStart(html, start) {
  const marker = /<meta name="genlab-start" content="[^"]*">/;
  if (!marker.test(html)) throw new Error("this genlab.html has no start marker: build it again with scripts/dist.sh");
  return html.replace(marker, () => `<meta name="genlab-start" content="${xml(String(start).replace(/^\?/, ""))}">`);
}

/** The SCORM 1.2 package (a Blob, application/zip) of the single file `html`, titled `title`, starting in `start`. */
export function scormPackage(html, { title = "genlab", start = "" } = {}) {
  return zipWrite([
    { name: "imsmanifest.xml", data: scormManifest(title) },
    { name: "genlab.html", data: withStart(html, start) },
  ]);
}
