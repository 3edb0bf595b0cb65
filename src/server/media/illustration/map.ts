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

/** The frame a map is drawn on: the countries' main lands fitted into `size`, the first one's longitude at the centre. */
export function mapProjection(countries: readonly Feature[], size: { width: number; height: number }) {
  const { width, height } = size;
  const framed: GeoPermissibleObjects =
    countries.length === 1
      ? mainland(countries[0]!)
      : ({
          type: 'FeatureCollection',
          features: countries.map((c) => ({ type: 'Feature', properties: {}, geometry: mainland(c) })),
        } as GeoPermissibleObjects);
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
  return { projection, framed };
}

/** Where a place sits on the map: its city, else its country's main land. */
export function placePoint(
  country: Feature,
  pin: { lon: number; lat: number } | null,
  projection: ReturnType<typeof mapProjection>['projection'],
): [number, number] {
  const at = projection(pin ? [pin.lon, pin.lat] : geoCentroid(mainland(country)));
  return at ? [Math.round(at[0]), Math.round(at[1])] : [0, 0];
}

/** A place's pin and name (a country's name sits on the country, with no pin). */
function markerSvg(
  countries: readonly Feature[],
  i: number,
  label: MapLabel,
  projection: ReturnType<typeof mapProjection>['projection'],
  size: { width: number; height: number },
  palette: IllustrationPalette,
  fontFamily: string,
): string {
  const short = Math.min(size.width, size.height);
  const fontSize = Math.round(short * (countries.length > 1 ? 0.06 : 0.07));
  const text = (x: number, y: number) =>
    `<text x="${x}" y="${Math.round(y)}" text-anchor="middle" font-family="${fontFamily}" font-weight="700" font-size="${fontSize}" fill="${palette.ink}" stroke="${palette.top}" stroke-width="${Math.round(fontSize * 0.14)}" stroke-linejoin="round" paint-order="stroke">${escapeXml(label.text)}</text>`;
  const [x, y] = placePoint(countries[i]!, label.pin, projection);
  if (!label.pin) return text(x, y + fontSize * 0.35);
  const r = Math.round(short * 0.035);
  const labelY = y - r * 2 > fontSize * 1.2 ? y - r * 1.8 : y + r * 1.8 + fontSize * 0.8;
  return (
    `<circle cx="${x}" cy="${y}" r="${r * 2.2}" fill="${palette.second}" fill-opacity="0.25"/>` +
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${palette.second}" stroke="${palette.ink}" stroke-width="${Math.max(2, Math.round(r * 0.3))}"/>` +
    text(x, labelY)
  );
}

/**
 * The named countries lit in the accent colour, their neighbours faint around them, a pin and label on each named
 * city (a country's name sits on the country). `countries[i]` goes with `labels[i]`.
 */
export function mapSvg(
  countries: readonly Feature[],
  size: { width: number; height: number },
  palette: IllustrationPalette,
  labels: readonly MapLabel[],
  fontFamily: string,
): string {
  const { width, height } = size;
  const { projection } = mapProjection(countries, size);
  const path = geoPath(projection);
  const stroke = Math.max(1.5, Math.min(width, height) * 0.004).toFixed(1);
  const lit = new Set(countries.map((c) => c.id));
  const neighbours = countryFeatures()
    .filter((f) => !lit.has(f.id))
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
  const shapes = [...new Set(countries)]
    .map(
      (c) =>
        `<path d="${path(c as GeoPermissibleObjects) ?? ''}" fill="${palette.accent}" stroke="${palette.ink}" stroke-opacity="0.85" stroke-width="${stroke}" stroke-linejoin="round"/>`,
    )
    .join('');
  const markers = labels
    .map((label, i) => markerSvg(countries, i, label, projection, size, palette, fontFamily))
    .join('');
  const r = Math.min(width, height) / 2;
  // Neighbours fade out towards the edge through their paint (a gradient in the map's own space), not a mask.
  const fading = (id: string, opacity: number) =>
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${width / 2}" cy="${height / 2}" r="${r}">` +
    `<stop offset="0.55" stop-color="${palette.ink}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${palette.ink}" stop-opacity="0"/></radialGradient>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${fading('map-fill', 0.1)}${fading('map-line', 0.35)}</defs>` +
    `<g fill="url(#map-fill)" stroke="url(#map-line)" stroke-width="${stroke}">${neighbours}</g>` +
    shapes +
    markers +
    `</svg>`
  );
}

/**
 * The route between two places over their map (`mapSvg` of the same countries and size): a dashed arc from the first
 * to the second with an arrowhead, and the second place's pin and name, which come in together as it is said.
 */
export function routeSvg(
  countries: readonly [Feature, Feature],
  size: { width: number; height: number },
  palette: IllustrationPalette,
  labels: readonly [MapLabel, MapLabel],
  fontFamily: string,
): string {
  const { width, height } = size;
  const { projection } = mapProjection(countries, size);
  const from = placePoint(countries[0], labels[0].pin, projection);
  const to = placePoint(countries[1], labels[1].pin, projection);
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const length = Math.max(1, Math.hypot(dx, dy));
  // The arc bows up, away from the map's bottom, by about a fifth of its length.
  const bow = length * 0.22;
  const control = [(from[0] + to[0]) / 2 + (dy / length) * bow, (from[1] + to[1]) / 2 - Math.abs(dx / length) * bow];
  const w = Math.max(3, Math.round(Math.min(width, height) * 0.012));
  const head = w * 3.2;
  const angle = Math.atan2(to[1] - control[1]!, to[0] - control[0]!);
  const point = (a: number) =>
    `${Math.round(to[0] - head * Math.cos(angle + a))},${Math.round(to[1] - head * Math.sin(angle + a))}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<path d="M${from[0]},${from[1]} Q${Math.round(control[0]!)},${Math.round(control[1]!)} ${to[0]},${to[1]}" fill="none" stroke="${palette.ink}" stroke-width="${w}" stroke-linecap="round" stroke-dasharray="${w * 2.5} ${w * 2}"/>` +
    `<polygon points="${to[0]},${to[1]} ${point(0.45)} ${point(-0.45)}" fill="${palette.ink}"/>` +
    markerSvg(countries, 1, labels[1], projection, size, palette, fontFamily) +
    `</svg>`
  );
}
