/** Plain text made safe to put into HTML (markup the early SOS writes, Leaflet's tooltips and credits). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
