import type { Plugin } from "vite";

/**
 * Moves the page's style sheets and its entry script from `<head>` to the end of `<body>`, after the app shell
 * (index.html's `#boot`): a style sheet in the head holds the first paint until it has arrived (Mantine's is about
 * 30 kB compressed, several round trips on a slow phone network), one in the body only what follows it, so the
 * shell paints with the page. The entry script stays after the style sheets, so the app still runs with its
 * styles loaded; the `modulepreload` links stay in the head and fetch the scripts from the start. Once running, the
 * app moves the style sheet back to the top of the head (main.tsx), so that the styles Mantine and the lazy screens
 * add still come after it and win (docs/decisions/0029).
 */
export function shellFirst(): Plugin {
  return {
    name: "fieldlead-shell-first",
    apply: "build",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const moved: string[] = [];
        const head = html.replace(
          /\s*(<link rel="stylesheet"[^>]*>|<script type="module"[^>]*><\/script>)/g,
          (_, tag: string) => {
            moved.push(tag);
            return "";
          },
        );
        if (!moved.length) return html;
        // Style sheets first, then the script: it runs once they have loaded.
        moved.sort((a, b) => Number(a.startsWith("<script")) - Number(b.startsWith("<script")));
        return head.replace("</body>", `    ${moved.join("\n    ")}\n  </body>`);
      },
    },
  };
}
