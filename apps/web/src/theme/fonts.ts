// Bundled fonts (no font service at run time), only the weights the theme uses: 400, 500, 700.
// Each file declares its unicode-range, so a browser downloads Devanagari or Gujarati glyphs
// only when a page contains them.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-500.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
import '@fontsource/noto-sans-gujarati/gujarati-400.css';
import '@fontsource/noto-sans-gujarati/gujarati-500.css';
import '@fontsource/noto-sans-gujarati/gujarati-700.css';
