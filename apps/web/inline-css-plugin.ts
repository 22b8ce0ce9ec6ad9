import type { OutputAsset } from 'rollup';
import type { Plugin } from 'vite';

/** The stylesheets index.html would link: `<link rel="stylesheet" crossorigin href="/assets/x.css">`. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g;

/**
 * Puts the entry's stylesheets (fonts' @font-face rules and the layout's few classes, a few KB)
 * into index.html as <style>, instead of links the first paint must wait for: the early SOS
 * and the app's first screen paint as soon as the page arrives, without another round trip on
 * a slow network. The CSS files stay in the build for the chunks that load them later.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'saathi:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(STYLESHEET_LINK, (link, fileName: string) => {
          const asset = bundle[fileName] as OutputAsset | undefined;
          if (asset?.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          // A stylesheet cannot close the style element early, but a "</style" in a string could.
          if (/<\/style/i.test(css)) return link;
          return `<style data-from="${fileName}">${css}</style>`;
        });
      },
    },
  };
}
