/// The stylesheet and the script every page of the site links to: two files at the site's root, so
/// the pages carry no inline style or script and a strict Content Security Policy holds.
public enum SiteAssets {
    /// The stylesheet's file name, at the site's root.
    public static let stylesheetName = "auditkit-site.css"
    /// The script's file name, at the site's root.
    public static let scriptName = "auditkit-site.js"
    /// What the first line of both files starts with: the site writer replaces only files that do.
    static let marker = "/* AuditKit site"

    /// The policy every page declares: nothing but files beside it (no inline script or style, no
    /// plug-ins, no forms sent anywhere, no `<base>` that could move the relative links).
    public static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; "
        + "base-uri 'none'; form-action 'none'"

    /// The stylesheet: layout, and each test type's colour (`TestType.color`, the colour it has in the
    /// pictures) as `--type-color` on the class `typeClass(_:)` gives.
    public static var stylesheet: String {
        var css = marker + ": the pages' only stylesheet, written by auditkit. */\n"
        for type in TestType.known + [.other("")] {
            let color = type.color
            css +=
                ".\(typeClass(type)) { --type-color: "
                + "#\(hex(color.red))\(hex(color.green))\(hex(color.blue)); }\n"
        }
        return css + layout
    }

    /// `t-dynamic-type`: the class that gives an element its test type's colour (`t-other` for a
    /// type this version does not know).
    public static func typeClass(_ type: TestType) -> String {
        if case .other = type { return "t-other" }
        return "t-" + type.key
    }

    private static func hex(_ value: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
    }

    private static let layout = """
        *, *::before, *::after { box-sizing: border-box; }
        [hidden] { display: none !important; }
        html { -webkit-text-size-adjust: 100%; }
        body {
          margin: 0; background: #f5f6f8; color: #1b1b1b;
          font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
        }
        a { color: #0b57d0; }
        a:visited { color: #5b2a9e; }
        a:focus-visible, select:focus-visible, button:focus-visible, summary:focus-visible,
        .scroll:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
        bdi, code { overflow-wrap: anywhere; }
        code { font: 0.9em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        .skip { position: absolute; left: 0.5rem; top: -3rem; background: #fff; padding: 0.5rem 1rem; z-index: 1; }
        .skip:focus { top: 0.5rem; }
        .page { max-width: 1240px; margin: 0 auto; padding: 0 1rem 2rem; }
        header.site { padding: 1rem 0 0.25rem; border-bottom: 1px solid #d5d9df; margin-bottom: 1rem; }
        header.site nav { font-size: 0.95rem; }
        h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.4rem 0; overflow-wrap: anywhere; }
        h2 { font-size: 1.3rem; margin: 2rem 0 0.6rem; }
        h3 { font-size: 1.1rem; margin: 1.4rem 0 0.5rem; overflow-wrap: anywhere; }
        h4 { font-size: 1rem; margin: 0; }
        .meta { color: #4a4f57; margin: 0.25rem 0; }
        .count { color: #4a4f57; font-weight: normal; }
        .note { color: #4a4f57; }
        .scroll { overflow-x: auto; max-width: 100%; }
        table { border-collapse: collapse; background: #fff; margin: 0.25rem 0 0.75rem; }
        caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
        th, td { border: 1px solid #d5d9df; padding: 0.3rem 0.55rem; text-align: left; vertical-align: top; }
        thead th { background: #eef0f3; }
        .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .nowrap { white-space: nowrap; }
        .swatch {
          display: inline-block; width: 0.85em; height: 0.85em; margin-right: 0.35em; vertical-align: -0.08em;
          border-radius: 2px; background: var(--type-color, #546e7a); border: 1px solid rgba(0, 0, 0, 0.3);
        }
        .type { overflow-wrap: anywhere; }
        .filters { background: #fff; border: 1px solid #d5d9df; border-radius: 6px; padding: 0.5rem 1rem; }
        .filters form { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; align-items: end; margin: 0.5rem 0; }
        .filters label { display: flex; flex-direction: column; font-size: 0.9rem; font-weight: 600; max-width: 100%; }
        .filters select, .filters button { font: inherit; font-weight: normal; padding: 0.2rem 0.3rem; min-height: 2rem; max-width: 100%; }
        .filters dl { margin: 0.25rem 0; }
        .filters dt { font-weight: 600; margin-top: 0.35rem; }
        .filters dd { margin: 0; }
        ul.inline { list-style: none; padding: 0; margin: 0.2rem 0; display: flex; flex-wrap: wrap; gap: 0.15rem 0.9rem; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr)); gap: 0.9rem; }
        .card {
          background: #fff; border: 1px solid #d5d9df; border-top: 6px solid var(--type-color, #546e7a);
          border-radius: 6px; padding: 0.65rem 0.8rem 0.8rem; min-width: 0; overflow-wrap: anywhere;
        }
        .card h4 { display: flex; flex-wrap: wrap; gap: 0.25rem 0.6rem; align-items: baseline; }
        .card .title { margin: 0.25rem 0 0.4rem; font-weight: 600; }
        .thumb { display: block; height: 5rem; width: auto; max-width: 100%; object-fit: contain;
          object-position: left center; margin: 0.35rem 0; border: 1px solid #d5d9df; background: #eef0f3; }
        .why { margin: 0.5rem 0 0; font-size: 0.93rem; }
        .lead { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 24rem), 1fr)); gap: 0 1.5rem; align-items: start; }
        .seen { display: flex; flex-wrap: wrap; gap: 0 0.8rem; align-items: center; }
        .seen .thumb { max-width: min(100%, 14rem); }
        .seen .title { flex: 1 1 8rem; }
        .guidance details { margin: 0.3rem 0 0; }
        .view-groups { display: flex; flex-wrap: wrap; gap: 0 0.9rem; }
        .view-group { flex: 1 1 22rem; min-width: 0; }
        .view-group.span-2 { flex: 2 1 44.9rem; }
        .view-group.span-3 { flex: 3 1 67.8rem; }
        .guidances { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 30rem), 1fr)); gap: 0 0.9rem; }
        .index-lists section { display: flex; flex-wrap: wrap; gap: 0 0.8rem; align-items: baseline; }
        .index-lists h3 { font-size: 1rem; margin: 0.3rem 0; }
        .guidance { background: #fff; border: 1px solid #d5d9df; border-radius: 6px; padding: 0.2rem 0.8rem 0.6rem; margin: 0 0 0.8rem; }
        .guidance dl { display: grid; grid-template-columns: fit-content(9rem) minmax(0, 1fr); gap: 0.1rem 0.7rem; margin: 0; }
        .guidance dt { font-weight: 600; color: #3b4048; }
        .guidance dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
        .changes { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 26rem), 1fr)); gap: 0.9rem; }
        .change { background: #fff; border: 1px solid #d5d9df; border-radius: 6px; padding: 0 0.8rem 0.6rem; min-width: 0; overflow-wrap: anywhere; }
        .change h3 { margin-top: 0.6rem; }
        .change h4 { margin: 0.6rem 0 0.2rem; }
        ul.thumbs { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.4rem; }
        ul.thumbs li { display: flex; gap: 0.6rem; align-items: center; min-width: 0; }
        ul.thumbs img { height: 3.5rem; width: auto; max-width: 45%; object-fit: contain; object-position: left center;
          border: 1px solid #d5d9df; background: #eef0f3; flex: none; }
        .no-thumb { margin: 0.35rem 0; padding: 0.6rem; border: 1px dashed #8b929c; color: #4a4f57; font-size: 0.9rem; }
        .card dl { display: grid; grid-template-columns: fit-content(7rem) minmax(0, 1fr); gap: 0.1rem 0.7rem; margin: 0.3rem 0 0; font-size: 0.93rem; }
        .card dt { font-weight: 600; color: #3b4048; }
        .card dd { margin: 0; min-width: 0; }
        .card ol { margin: 0; padding-left: 1.2rem; }
        .status { font-weight: 600; }
        .status-open { color: #a0161b; }
        .status-accepted { color: #1d5e20; }
        .status-system { color: #3b4048; }
        .badge { display: inline-block; border: 1px solid currentColor; border-radius: 3px; padding: 0 0.35rem; font-size: 0.85rem; font-weight: 600; }
        .badge-new { color: #a0161b; }
        .badge-residual { color: #6b4a00; }
        .screens { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 1rem; }
        figure { margin: 0; background: #fff; border: 1px solid #d5d9df; border-radius: 6px; padding: 0.5rem; }
        figure img { display: block; max-width: 100%; height: auto; }
        .screens img { max-height: 34rem; width: auto; margin: 0 auto; }
        figcaption { font-size: 0.9rem; margin-top: 0.35rem; }
        .chart { max-width: 1040px; }
        .chart svg { display: block; max-width: 100%; height: auto; }
        details { margin: 0.3rem 0 0.6rem; }
        summary { cursor: pointer; }
        footer.site { color: #4a4f57; font-size: 0.9rem; border-top: 1px solid #d5d9df; margin-top: 2rem; padding-top: 0.5rem; }
        """ + "\n"

    /// The script: the filter form of a report page (hidden until this runs) hides the cards that do
    /// not match at once. Without it the page still filters through its anchored sections.
    public static let script =
        marker + """
            : the filter form of a report page, written by auditkit. The page works without it. */
            (function () {
              'use strict';
              var form = document.getElementById('filters');
              if (!form) { return; }
              var cards = Array.prototype.slice.call(document.querySelectorAll('.card'));
              var groups = Array.prototype.slice.call(document.querySelectorAll('.view-group'));
              var count = document.getElementById('filter-count');
              var fields = ['type', 'status', 'view', 'change'];
              function apply() {
                var wanted = {};
                fields.forEach(function (name) {
                  var field = form.elements[name];
                  wanted[name] = field ? field.value : '';
                });
                var shown = 0;
                cards.forEach(function (card) {
                  var match = fields.every(function (name) {
                    return !wanted[name] || card.getAttribute('data-' + name) === wanted[name];
                  });
                  card.hidden = !match;
                  if (match) { shown += 1; }
                });
                groups.forEach(function (group) {
                  group.hidden = !group.querySelector('.card:not([hidden])');
                });
                count.textContent = 'Showing ' + shown + ' of ' + cards.length + ' issues.';
              }
              form.addEventListener('change', apply);
              form.addEventListener('submit', function (event) { event.preventDefault(); apply(); });
              form.addEventListener('reset', function () { window.setTimeout(apply, 0); });
              form.hidden = false;
              // The lists that filter without the script go: the form does what they did.
              Array.prototype.slice.call(form.parentNode.querySelectorAll('dl')).forEach(function (list) {
                list.hidden = true;
              });
              apply();
            })();

            """
}
