// The app's @font-face rules (fonts.css says how the files are chosen and what stands in for
// them while they load).
import './fonts.css';
