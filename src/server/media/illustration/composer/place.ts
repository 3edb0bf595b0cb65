/**
 * A place: the country lit on a map with a pin on a named city; two places with movement between them, one map of
 * both with a route arc that draws in as the second is said. The subject and context things ride on the map's corners as badges, the
 * key phrase sits beside (wide) or under (tall, square) the map.
 */
import { DISPLAY_FONT, ENTERS, type IllustrationElement } from '../compose.ts';
import { mapSvg, routeSvg } from '../map.ts';
import type { PlaceSubject } from '../places.ts';
import { countryFeature } from '../places.ts';
import type { SentenceReading } from '../reading.ts';
import { type Frame, iconElement, textElement } from './parts.ts';

/** The places a map can show (a country the atlas has), at most two. */
export const mappable = (places: readonly PlaceSubject[]): PlaceSubject[] =>
  places.filter((p) => countryFeature(p.countryId)).slice(0, 2);

const pinOf = (p: PlaceSubject) =>
  p.place === 'city' && p.lon !== undefined && p.lat !== undefined ? { lon: p.lon, lat: p.lat } : null;

export function placeLayout(reading: SentenceReading, frame: Frame, route: boolean): IllustrationElement[] {
  const places = mappable(reading.places).slice(0, route ? 2 : 1);
  const { area, short, palette, shape } = frame;
  const phrase = reading.phrase.trim();
  const gap = short * 0.04;
  let map: { x: number; y: number; width: number; height: number };
  let text: IllustrationElement | null = null;
  if (shape === 'wide') {
    // Without words beside it, the map takes the whole width.
    const width = phrase ? Math.min(area.width * 0.56, area.height * 1.3) : area.width;
    const left = frame.index % 2 === 0;
    map = { x: left ? area.x : area.x + area.width - width, y: area.y, width, height: area.height };
    if (phrase) {
      const column = {
        x: left ? area.x + width + gap : area.x,
        y: area.y,
        width: area.width - width - gap,
        height: area.height,
      };
      text = textElement(phrase, column, frame, { size: short * 0.08, align: 'start' });
      text.y = column.y + (column.height - text.height) / 2;
    }
  } else {
    text = phrase ? textElement(phrase, { ...area, y: 0 }, frame, { size: short * 0.07, align: 'middle' }) : null;
    const room = area.height - (text ? text.height + gap : 0);
    const height = Math.min(room, shape === 'tall' ? area.width * 1.15 : area.height * 0.78);
    map = { x: area.x, y: area.y + (room - height) / 2, width: area.width, height };
    if (text) text.y = map.y + height + gap;
  }
  const countries = places.map((p) => countryFeature(p.countryId)!);
  const size = { width: Math.round(map.width), height: Math.round(map.height) };
  const labels = places.map((p) => ({ text: p.name, pin: pinOf(p) }));
  const elements: IllustrationElement[] = [
    {
      ...map,
      ...size,
      svg: mapSvg(countries, size, palette, route ? labels.slice(0, 1) : labels, DISPLAY_FONT.family),
      delay: ENTERS,
      words: places[0]!.word,
      kind: 'map',
      name: places[0]!.name,
    },
  ];
  if (route && places.length === 2) {
    elements.push({
      ...map,
      ...size,
      svg: routeSvg([countries[0]!, countries[1]!], size, palette, [labels[0]!, labels[1]!], DISPLAY_FONT.family),
      delay: ENTERS + 0.4,
      words: places[1]!.word,
      kind: 'map',
      name: `route to ${places[1]!.name}`,
    });
  }
  const badge = map.width * (shape === 'wide' ? 0.3 : 0.26);
  const things = [...(reading.subject ? [reading.subject] : []), ...reading.context];
  things.slice(0, route ? 1 : 2).forEach((thing, i) => {
    const at =
      i === 0
        ? { x: map.x + map.width - badge * 0.9, y: map.y + map.height - badge }
        : { x: map.x + badge * 0.05, y: map.y + badge * 0.05 };
    elements.push(
      iconElement(thing, { ...at, width: badge, height: badge }, palette, {
        color: i === 0 ? palette.accent : palette.second,
        prefix: `p${i}`,
        delay: ENTERS + 0.35 + 0.2 * i,
      }),
    );
  });
  if (text) elements.push(text);
  return elements;
}
