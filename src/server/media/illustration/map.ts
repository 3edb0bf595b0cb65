/**
 * A place as a map: the named country lit in the accent colour, its neighbours faint around it, fading out at the
 * edges, and a pin with a label when the scene names a city. Natural Earth shapes (public domain, through
 * world-atlas), projected with the country at the centre so a country across the antimeridian stays whole.
 */
import { type GeoPermissibleObjects, geoArea, geoCentroid, geoDistance, geoMercator, geoPath } from 'd3-geo';
import type { Feature, Polygon } from 'geojson';
import type { IllustrationPalette } from './palette.ts';
import { countryFeatures } from './places.ts';

/** The place's name, and where to pin it when it is a city (a country's name sits on the country). */
export interface MapLabel {
  text: string;
  pin: { lon: number; lat: number } | null;
}

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What the map is framed on: the country's largest land and the large parts near it. Overseas territories (French
 * Guiana, Alaska) would otherwise shrink the country to a dot on a map of half the world.
 */
export function mainland(country: Feature): GeoPermissibleObjects {
  if (country.geometry.type !== 'MultiPolygon') return country as GeoPermissibleObjects;
  const parts = country.geometry.coordinates.map((coordinates): Polygon => ({ type: 'Polygon', coordinates }));
  const areas = parts.map((part) => geoArea(part));
  const largest = areas.indexOf(Math.max(...areas));
  const centre = geoCentroid(parts[largest]!);
  // A tenth of the largest part's area, within about 1,600 km of it.
  const kept = parts.filter(
    (part, i) => areas[i]! >= areas[largest]! * 0.1 && geoDistance(geoCentroid(part), centre) < 0.25,
  );
  return { type: 'MultiPolygon', coordinates: kept.map((part) => part.coordinates) };
}

export function mapSvg(
  country: Feature,
  size: { width: number; height: number },
  palette: IllustrationPalette,
  label: MapLabel,
  fontFamily: string,
): string {
  const { width, height } = size;
  const framed = mainland(country);
  const [lon] = geoCentroid(framed);
  const pad = Math.round(Math.min(width, height) * 0.16);
  const projection = geoMercator()
    .rotate([-lon, 0])
    .fitExtent(
      [
        [pad, pad],
        [width - pad, height - pad],
      ],
      framed,
    );
  const path = geoPath(projection);
  const stroke = Math.max(1.5, Math.min(width, height) * 0.004).toFixed(1);
  const neighbours = countryFeatures()
    .filter((f) => f !== country && f.id !== country.id)
    .filter((f) => {
      // Only what can show: the others' paths would be drawn and masked away.
      const [[x0, y0], [x1, y1]] = path.bounds(f as GeoPermissibleObjects);
      // A shape torn across the projection's edge spans thousands of pixels; it is never a neighbour.
      return x1 > 0 && y1 > 0 && x0 < width && y0 < height && x1 - x0 < width * 8;
    })
    .map((f) => path(f as GeoPermissibleObjects))
    // One path each: a shape the projection could not place (NaN) must not cut the others short.
    .filter((d): d is string => Boolean(d) && !d!.includes('NaN'))
    .map((d) => `<path d="${d}"/>`)
    .join('');
  const shape = path(country as GeoPermissibleObjects) ?? '';
  const fontSize = Math.round(Math.min(width, height) * 0.07);
  const text = (x: number, y: number) =>
    `<text x="${x}" y="${Math.round(y)}" text-anchor="middle" font-family="${fontFamily}" font-weight="700" font-size="${fontSize}" fill="${palette.ink}" stroke="${palette.top}" stroke-width="${Math.round(fontSize * 0.14)}" stroke-linejoin="round" paint-order="stroke">${escapeXml(label.text)}</text>`;
  let marker = '';
  const pinAt = label.pin ? projection([label.pin.lon, label.pin.lat]) : null;
  if (pinAt) {
    const [x, y] = pinAt.map(Math.round) as [number, number];
    const r = Math.round(Math.min(width, height) * 0.035);
    const labelY = y - r * 2 > fontSize * 1.2 ? y - r * 1.8 : y + r * 1.8 + fontSize * 0.8;
    marker =
      `<circle cx="${x}" cy="${y}" r="${r * 2.2}" fill="${palette.second}" fill-opacity="0.25"/>` +
      `<circle cx="${x}" cy="${y}" r="${r}" fill="${palette.second}" stroke="${palette.ink}" stroke-width="${Math.max(2, Math.round(r * 0.3))}"/>` +
      text(x, labelY);
  } else {
    // A country's name on its largest land, a little under the middle so a badge on the corner leaves it clear.
    const [x, y] = (projection(geoCentroid(framed)) ?? [width / 2, height / 2]).map(Math.round) as [number, number];
    marker = text(x, y + fontSize * 0.35);
  }
  const r = Math.min(width, height) / 2;
  // Neighbours fade out towards the edge through their paint (a gradient in the map's own space), not a mask.
  const fading = (id: string, opacity: number) =>
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${width / 2}" cy="${height / 2}" r="${r}">` +
    `<stop offset="0.55" stop-color="${palette.ink}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${palette.ink}" stop-opacity="0"/></radialGradient>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${fading('map-fill', 0.1)}${fading('map-line', 0.35)}</defs>` +
    `<g fill="url(#map-fill)" stroke="url(#map-line)" stroke-width="${stroke}">${neighbours}</g>` +
    `<path d="${shape}" fill="${palette.accent}" stroke="${palette.ink}" stroke-opacity="0.85" stroke-width="${stroke}" stroke-linejoin="round"/>` +
    marker +
    `</svg>`
  );
}
