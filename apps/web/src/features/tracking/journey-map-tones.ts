/** How the journey map draws the person now, the destination and the path; the legend under it uses the same colours. */
export const CURRENT_TONE = { color: '#ad1457', fillColor: '#ec407a' };
export const DESTINATION_TONE = { color: '#1b5e20', fillColor: '#66bb6a' };
export const PATH_TONE = { color: '#ad1457', weight: 4, opacity: 0.8 };
