/**
 * The tables place matching needs beyond the two data sets: GeoNames gives a city's country as an ISO 3166-1
 * alpha-2 code, world-atlas (Natural Earth) keys a country by its ISO numeric code, and people name countries and
 * cities in more ways than either spells them.
 */

/**
 * ISO alpha-2 → the world-atlas feature that draws it. Overseas departments and small territories Natural Earth
 * draws inside another country's shape point at that country (Réunion and French Guiana → France). Kosovo has no
 * numeric code in the atlas, so its feature is keyed by its name.
 */
const ALPHA2_TO_ID = `AD 020 AE 784 AF 004 AG 028 AI 660 AL 008 AM 051 AO 024 AQ 010 AR 032 AS 016 AT 040 AU 036 AW 533
AX 248 AZ 031 BA 070 BB 052 BD 050 BE 056 BF 854 BG 100 BH 048 BI 108 BJ 204 BL 652 BM 060 BN 096 BO 068 BQ 528 BR 076
BS 044 BT 064 BW 072 BY 112 BZ 084 CA 124 CC 036 CD 180 CF 140 CG 178 CH 756 CI 384 CK 184 CL 152 CM 120 CN 156 CO 170
CR 188 CU 192 CV 132 CW 531 CX 036 CY 196 CZ 203 DE 276 DJ 262 DK 208 DM 212 DO 214 DZ 012 EC 218 EE 233 EG 818 EH 732
ER 232 ES 724 ET 231 FI 246 FJ 242 FK 238 FM 583 FO 234 FR 250 GA 266 GB 826 GD 308 GE 268 GF 250 GG 831 GH 288 GL 304
GM 270 GN 324 GP 250 GQ 226 GR 300 GS 239 GT 320 GU 316 GW 624 GY 328 HK 344 HM 334 HN 340 HR 191 HT 332 HU 348 ID 360
IE 372 IL 376 IM 833 IN 356 IO 086 IQ 368 IR 364 IS 352 IT 380 JE 832 JM 388 JO 400 JP 392 KE 404 KG 417 KH 116 KI 296
KM 174 KN 659 KP 408 KR 410 KW 414 KY 136 KZ 398 LA 418 LB 422 LC 662 LI 438 LK 144 LR 430 LS 426 LT 440 LU 442 LV 428
LY 434 MA 504 MC 492 MD 498 ME 499 MF 663 MG 450 MH 584 MK 807 ML 466 MM 104 MN 496 MO 446 MP 580 MQ 250 MR 478 MS 500
MT 470 MU 480 MV 462 MW 454 MX 484 MY 458 MZ 508 NA 516 NC 540 NE 562 NF 574 NG 566 NI 558 NL 528 NO 578 NP 524 NR 520
NU 570 NZ 554 OM 512 PA 591 PE 604 PF 258 PG 598 PH 608 PK 586 PL 616 PM 666 PN 612 PR 630 PS 275 PT 620 PW 585 PY 600
QA 634 RE 250 RO 642 RS 688 RU 643 RW 646 SA 682 SB 090 SC 690 SD 729 SE 752 SG 702 SH 654 SI 705 SJ 578 SK 703 SL 694
SM 674 SN 686 SO 706 SR 740 SS 728 ST 678 SV 222 SX 534 SY 760 SZ 748 TC 796 TD 148 TF 260 TG 768 TH 764 TJ 762 TL 626
TM 795 TN 788 TO 776 TR 792 TT 780 TW 158 TZ 834 UA 804 UG 800 UM 840 US 840 UY 858 UZ 860 VA 336 VC 670 VE 862 VG 092
VI 850 VN 704 VU 548 WF 876 WS 882 XK Kosovo YE 887 YT 250 ZA 710 ZM 894 ZW 716`;

export const COUNTRY_ID_BY_ALPHA2: ReadonlyMap<string, string> = new Map(
  ALPHA2_TO_ID.trim()
    .split(/\s+/)
    .flatMap((token, i, all) => (i % 2 === 0 ? [[token, all[i + 1]!] as [string, string]] : [])),
);

/**
 * Other names for countries, each → the Natural Earth name it means. Natural Earth abbreviates ("Dem. Rep. Congo",
 * "Solomon Is."), which no narrator says. The nations of the United Kingdom draw as the United Kingdom.
 */
export const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  'United States': 'United States of America',
  US: 'United States of America',
  'U.S.': 'United States of America',
  USA: 'United States of America',
  'U.S.A.': 'United States of America',
  America: 'United States of America',
  UK: 'United Kingdom',
  'U.K.': 'United Kingdom',
  Britain: 'United Kingdom',
  'Great Britain': 'United Kingdom',
  England: 'United Kingdom',
  Scotland: 'United Kingdom',
  Wales: 'United Kingdom',
  'Northern Ireland': 'United Kingdom',
  Holland: 'Netherlands',
  'Czech Republic': 'Czechia',
  'Ivory Coast': "Côte d'Ivoire",
  'Democratic Republic of the Congo': 'Dem. Rep. Congo',
  'Democratic Republic of Congo': 'Dem. Rep. Congo',
  'DR Congo': 'Dem. Rep. Congo',
  DRC: 'Dem. Rep. Congo',
  'Republic of the Congo': 'Congo',
  Korea: 'South Korea',
  Swaziland: 'eSwatini',
  Eswatini: 'eSwatini',
  'North Macedonia': 'Macedonia',
  'East Timor': 'Timor-Leste',
  Burma: 'Myanmar',
  'Cape Verde': 'Cabo Verde',
  Bosnia: 'Bosnia and Herz.',
  'Bosnia and Herzegovina': 'Bosnia and Herz.',
  'Central African Republic': 'Central African Rep.',
  'Dominican Republic': 'Dominican Rep.',
  'Equatorial Guinea': 'Eq. Guinea',
  'South Sudan': 'S. Sudan',
  'Western Sahara': 'W. Sahara',
  'Solomon Islands': 'Solomon Is.',
  'Falkland Islands': 'Falkland Is.',
  'Faroe Islands': 'Faeroe Is.',
  'Cayman Islands': 'Cayman Is.',
  'Cook Islands': 'Cook Is.',
  'Marshall Islands': 'Marshall Is.',
  UAE: 'United Arab Emirates',
  Emirates: 'United Arab Emirates',
  'Vatican City': 'Vatican',
  'Russian Federation': 'Russia',
  Türkiye: 'Turkey',
  'Viet Nam': 'Vietnam',
  'Antigua and Barbuda': 'Antigua and Barb.',
  'Saint Kitts and Nevis': 'St. Kitts and Nevis',
  'Saint Vincent and the Grenadines': 'St. Vin. and Gren.',
  'Sao Tome and Principe': 'São Tomé and Principe',
  'French Polynesia': 'Fr. Polynesia',
  Tahiti: 'Fr. Polynesia',
  'Northern Cyprus': 'N. Cyprus',
};

/**
 * Names that are also everyday words or a person's name: a country or city by that name counts only written
 * mid-sentence with its capital ("flights to Turkey", not "Turkey is lean meat"), and some never count.
 */
export const PLACE_NEEDS_MID_SENTENCE = new Set([
  'Turkey',
  'Chad',
  'Jordan',
  'China',
  'Guinea',
  'Jersey',
  'Georgia',
  'America',
  'Niger',
  'Cork',
  'Split',
]);

/** Never a place: common words and first names that happen to name a big city or a capital, and continents. */
export const NOT_PLACES = new Set(
  `Male Victoria Hamilton Stanley Douglas Kingston Nice Reading Bath Split Mobile Aurora Independence Temple Orange
Lincoln Jackson Charlotte Madison Columbia Jamestown Plymouth Georgetown Salem Hope Mercy`.split(/\s+/),
);

/** Several words that contain a country's name but are not it: they are read first and consume their words. */
export const NOT_COUNTRY_PHRASES = [
  'South America',
  'North America',
  'Latin America',
  'Central America',
  'Captain America',
  'New Jersey',
  'New Mexico',
  'Guinea pig',
  'Guinea pigs',
  'Turkey sandwich',
  'Georgia peaches',
  'Jersey Shore',
  'New England',
  'New South Wales',
];

/** Other names for big cities → the GeoNames name; also the country a name means when several big cities share it. */
export const CITY_ALIASES: Readonly<Record<string, string>> = {
  'New York': 'New York City',
  NYC: 'New York City',
  LA: 'Los Angeles',
  'Washington DC': 'Washington, D.C.',
  'Washington D.C.': 'Washington, D.C.',
  'Washington, D.C.': 'Washington, D.C.',
  'Washington, DC': 'Washington, D.C.',
  Rio: 'Rio de Janeiro',
  'St Petersburg': 'Saint Petersburg',
  'St. Petersburg': 'Saint Petersburg',
  Saigon: 'Ho Chi Minh City',
  Bombay: 'Mumbai',
  Calcutta: 'Kolkata',
  Madras: 'Chennai',
  Kiev: 'Kyiv',
  Ulaanbaatar: 'Ulan Bator',
  Delhi: 'New Delhi',
  Marrakesh: 'Marrakech',
  'Frankfurt am Main': 'Frankfurt am Main',
  Frankfurt: 'Frankfurt am Main',
  'Kuala Lumpur': 'Kuala Lumpur',
  'San Fran': 'San Francisco',
  Bruges: 'Brugge',
};

/** Where a name is shared, the country people mean unless the scene names another (alpha-2). */
export const CITY_COUNTRY_PREFERENCE: Readonly<Record<string, string>> = {
  Valencia: 'ES',
  Santiago: 'CL',
  Birmingham: 'GB',
  Cambridge: 'GB',
  Manchester: 'GB',
  'San José': 'CR',
  Córdoba: 'AR',
  Perth: 'AU',
  Portland: 'US',
  York: 'GB',
};

/**
 * Famous cities under the population bar that scripts about travel, history and food keep naming. Each is matched
 * only when written with its capital, like every place.
 */
export const FAMOUS_SMALL_CITIES = new Set(
  `Venice, Florence, Miami, Edinburgh, Geneva, Zurich, Oxford, Cambridge, Salzburg, Brugge, Dubrovnik, Marrakech, Cusco,
Porto, Seville, Granada, Pisa, Verona, Siena, Bologna, Cannes, Bordeaux, Lyon, Marseille, Strasbourg, Heidelberg,
Innsbruck, Reykjavík, Bergen, Kraków, Honolulu, Anchorage, New Orleans, Nashville, Seattle, Atlanta, Denver, Portland,
Austin, Orlando, Pittsburgh, Cleveland, Minneapolis, Sacramento, Quebec, Oaxaca, Cancún, Cartagena, Valparaíso,
Perth, Adelaide, Hobart, Jaipur, Agra, Varanasi, Siem Reap, Jerusalem, Luxor, Zanzibar, Timbuktu,
Fès, Tangier, Durban, Mombasa, Galway, Cork, Belfast, Glasgow, Liverpool, Leeds, Brighton, York, Canterbury, Antwerp,
Basel, Lausanne, Turin, Genoa, Palermo, Bilbao, Málaga, Ibiza, Palma, Dresden, Leipzig, Nuremberg, Stuttgart`.split(
    /,\s*/,
  ),
);
