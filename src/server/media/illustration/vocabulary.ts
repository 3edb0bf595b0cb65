/**
 * The curated half of the icon index: what ads, tutorials, news and explainers name, drawn with a Fluent Emoji.
 * CLDR's keywords cover plain things well ("apple", "tractor") but are thin or misleading on the words scripts use
 * most ("money" is tagged on a face, "customer", "team" and "website" have nothing). Each line is an icon and the
 * words (dictionary forms; several words for a compound) it depicts. A word marked ~ is abstract: drawn when the
 * scene has nothing more concrete.
 */
const CURATED = `
money-bag: money, cash, profit, revenue, income, earnings, fortune, wealth, savings, budget, funds, funding, investment, ~finance, salary, wage, ~economy, ~rich
dollar-banknote: dollar, banknote, payment, paycheck, ~pay, bill, bills, fee, fees, tip jar
coin: coin, penny, cent, ~change
credit-card: credit card, debit card, card payment, checkout, ~transaction
chart-increasing: index fund, index funds, mutual fund, etf, growth, increase, ~rise, sales, stock market, stock, stocks, trend, progress, statistics, stats, analytics, metric, roi, ~performance, conversion, ~results, gdp
chart-decreasing: decline, ~loss, ~losses, recession, ~drop, downturn, ~crash
bar-chart: data, chart, graph, report, dashboard, survey, poll, analysis, spreadsheet, figures, numbers
briefcase: business, job, jobs, career, employee, employees, employer, professional, hire, hiring, workplace, ~work, interview, entrepreneur, ~entrepreneurship, freelancer, ~freelance, boss, manager
office-building: office, company, corporation, headquarters, firm, ~enterprise, ~industry
rocket: startup, launch, rocket, spaceship, spacecraft, ~boost
handshake: deal, partnership, partner, agreement, contract, negotiation, collaboration, cooperation, alliance, merger, ~trust, handshake, ~relationship
busts-in-silhouette: team, customers, users, audience, community, members, followers, clients, group, staff, crowd, visitors, subscribers, viewers, colleagues, coworkers, population, citizens, residents, voters, fans
bust-in-silhouette: customer, user, client, profile, account, member, follower, visitor, subscriber, viewer, colleague, coworker, citizen, resident, voter, fan, individual, human
light-bulb: idea, ideas, insight, solution, innovation, tip, tips, hack, inspiration, creativity, invention, light bulb, lightbulb, lamp, ~smart
shopping-cart: shopping, cart, purchase, groceries, grocery, supermarket, ecommerce, e-commerce, online store, shopping cart
shopping-bags: shop, store, boutique, retail, mall, sale, ~fashion, shopper, shoppers
package: package, parcel, delivery, shipping, box, order, orders, shipment, product, products, inventory, warehouse
delivery-truck: truck, lorry, logistics, courier, supply chain, freight
receipt: receipt, invoice, tax, taxes
bank: bank, banking, loan, mortgage, ~bank account
label: price, price tag, discount, coupon, offer, ~deal, tag
money-with-wings: spending, expense, expenses, debt, ~inflation, ~cost, costs
gem-stone: diamond, jewel, gem, ~luxury, ~premium, jewelry, jewellery
trophy: award, prize, winner, champion, championship, victory, trophy, ~success, ~win, ~achievement
sports-medal: medal, gold medal, olympics
bullseye: goal, goals, target, targets, ~aim, ~focus, objective
spiral-calendar: calendar, schedule, date, deadline, appointment, ~event, agenda
alarm-clock: alarm, alarm clock, wake-up call
stopwatch: stopwatch, timer, ~speed, ~deadline
hourglass-not-done: ~time, ~patience, hourglass, ~wait
mantelpiece-clock: clock
memo: note, notes, list, script, essay, homework, ~plan, ~writing, blog, draft, article, letter, content, copy, copywriting, to-do list, todo list
clipboard: checklist, tasks, task, form, clipboard
check-mark-button: ~done, ~complete, ~approval, ~yes, check mark, checkmark
page-facing-up: document, documents, file, files, pdf, paper, resume, cv, page, pages, contract document
file-folder: folder, folders
e-mail: email, e-mail, emails, inbox, newsletter, mail
envelope: envelope, letter, invitation, postcard
speech-balloon: message, messages, chat, comment, comments, conversation, text message, reply, feedback, review, reviews, discussion, dialogue, post, posts, caption, captions, subtitles
mobile-phone: phone, smartphone, mobile, cellphone, cell phone, iphone, android, app, apps, mobile app, screen time, mobile phone, text
telephone-receiver: call, phone call, hotline, customer service, support line
laptop: laptop, computer, pc, macbook, software, code, coding, programming, program, online course, notebook computer, tech, technology
desktop-computer: desktop, monitor, screen, computer screen, workstation
globe-with-meridians: website, internet, web, online, ~global, worldwide, browser, domain, network, site, webpage, web page, landing page, url
world-map: map, maps, countries, ~international, geography
globe-showing-europe-africa: globe, earth, planet earth, ~world, planet
keyboard: keyboard, typing, keyboard shortcut, shortcut
printer: printer, printing
robot: robot, robots, ai, artificial intelligence, automation, bot, chatbot, machine learning, algorithm, algorithms
gear: settings, ~system, engine, machine, machinery, mechanism, workflow, configuration, ~process, ~operations, gear, gears
hammer-and-wrench: tool, tools, repair, repairs, fix, maintenance, toolkit, diy, renovation
toolbox: toolbox
wrench: wrench, spanner, plumbing, plumber
hammer: hammer, nail, nails
kitchen-knife: knife, knives, kitchen knife, blade
screwdriver: screwdriver, screw, screws
magnifying-glass-tilted-left: search, research, investigation, seo, magnifying glass, audit, inspection, ~study, search engine, google search, keyword, keywords, clue, clues
locked: security, privacy, lock, password, passwords, encryption, ~secure, cybersecurity, login, log-in, padlock
shield: protection, defense, defence, insurance, safety, antivirus, warranty, guarantee, firewall, shield
key: key, keys, ~access, door key
link: link, links, hyperlink, backlink, backlinks, ~connection, chain
electric-plug: cable, cables, usb cable, hdmi cable, power cord, cord, wire, wires, adapter
wireless: wifi, wi-fi, wireless, hotspot, signal, bluetooth, 5g, 4g
battery: battery, batteries, battery life, charge
electric-plug: plug, charger, power outlet, outlet, socket, charging
high-voltage: electricity, ~energy, ~power, voltage, power grid, lightning
sun: sun, sunshine, solar, sunlight, solar panel, solar panels, solar power, solar energy, sunny
fuel-pump: gas station, fuel, petrol, gasoline, diesel, gas price, gas prices
oil-drum: oil, crude oil, barrel, barrels
factory: factory, factories, manufacturing, production, industrial, plant floor, mill, manufacturer
building-construction: construction, building site, construction site, crane, skyscraper, development
construction-worker: builder, builders, construction worker, contractor
house: house, home, homes, roof, roofs, rooftop, rooftops, property, real estate, apartment, rent, ~housing, flat, homeowner, homeowners, landlord, household
houses: neighborhood, neighbourhood, houses, suburb, suburbs, village, street houses
cityscape: city, cities, town, ~urban, downtown, skyline, metropolis, capital city
classical-building: government, museum, parliament, congress, senate, ~history, ~politics, courthouse, institution, ancient rome, ancient greece, temple, ministry, embassy
school: school, schools, classroom, kindergarten, high school
graduation-cap: graduation, degree, university, college, ~education, diploma, course, courses, campus, scholarship, graduate, graduates, class
books: books, library, ~knowledge, ~learning, textbook, textbooks, literature, ~studying
open-book: book, novel, story, stories, chapter, ~lesson, ~lessons, guide, manual, tutorial, ebook, e-book, reading, bible, fairy tale, recipe book, cookbook
student: student, students, pupil, pupils, learner, learners
teacher: teacher, teachers, professor, tutor, instructor, lecturer, ~teaching
health-worker: doctor, doctors, nurse, nurses, physician, surgeon, medic, healthcare worker, health worker
hospital: hospital, clinic, healthcare, health care, emergency room, hospitals
pill: pill, pills, medicine, medication, drug, drugs, vitamin, vitamins, supplement, supplements, painkiller, antibiotics, tablet, tablets
syringe: vaccine, vaccines, vaccination, injection, jab, insulin, needle, blood test
stethoscope: checkup, check-up, diagnosis, stethoscope, ~health, medical
red-heart: love, heart, hearts, romance, ~kindness, ~care, valentine, girlfriend, boyfriend
anatomical-heart: heart attack, heart disease, heartbeat, cardio, blood pressure
brain: brain, mind, memory, ~thinking, intelligence, psychology, mental health, neuroscience, ~focus, concentration
lungs: lungs, lung, breathing, breath, ~breathe, oxygen
tooth: tooth, teeth, dentist, dental, toothache
toothbrush: toothbrush, toothpaste, brushing
flexed-biceps: strength, muscle, muscles, workout, workouts, fitness, gym, ~strong, exercise, exercises, training session, biceps, push-up, push-ups
person-lifting-weights: weightlifting, weights, dumbbell, dumbbells, barbell, bodybuilding, lifting
person-running: runner, runners, jogging, jogger, marathon, sprint, sprinter
person-in-lotus-position: yoga, meditation, mindfulness, ~relaxation, ~calm
bed: bed, bedroom, mattress, pillow, bedtime, sleep, sleeping, nap, insomnia
person-swimming: swimming, swimmer, swimmers
person-biking: cyclist, cyclists, cycling
bicycle: bike, bikes, bicycle, bicycles
automobile: car, cars, vehicle, vehicles, ~driving, automobile, sedan, car sales, electric car, electric cars, ev, evs, driver, drivers, traffic, commute
racing-car: race car, racing, formula one, formula 1, f1
taxi: taxi, cab, rideshare, ride
bus: bus, buses, public transport, public transportation, school bus
train: train, trains, railway, rail, railroad
metro: subway, metro, underground
high-speed-train: bullet train, high-speed train, high-speed rail
airplane: plane, planes, airplane, airplanes, flight, flights, airline, airlines, aircraft, jet, aviation, ~air travel
airplane-departure: airport, departure, takeoff, boarding
passenger-ship: ship, ships, cruise, cruise ship, ferry, vessel, cargo ship, ocean liner
sailboat: sailboat, sailing, yacht, boat, boats, fishing boat
canoe: canoe, kayak, kayaking, rowing
anchor: anchor, harbor, harbour, port, dock, marina
satellite: satellite, satellites, orbit, space station
ringed-planet: planets, space, saturn, universe, astronomy, outer space, solar system, mars, jupiter
milky-way: galaxy, galaxies, milky way, stars, night sky
star: star, rating, ratings, five stars, five-star, favorite, favourite
crescent-moon: moon, night, lunar, moonlight, nighttime
sun-behind-cloud: weather, forecast, ~climate, cloudy
cloud: cloud, clouds, cloud storage, cloud computing, icloud, server, servers
cloud-with-rain: rain, rainfall, rainy, shower, showers, monsoon, umbrella weather
cloud-with-lightning-and-rain: storm, storms, thunderstorm, thunderstorms, thunder
snowflake: snow, winter, ~cold, frozen, freeze, frost, blizzard, snowfall
thermometer: temperature, heat, heatwave, heat wave, fever, climate change, global warming, degrees, thermometer
wind-face: wind, windy, gust, wind turbine, wind turbines, wind power, wind energy
cyclone: hurricane, hurricanes, cyclone, typhoon
tornado: tornado, tornadoes
water-wave: ocean, oceans, sea, seas, wave, waves, surf, surfing, tide, flood, flooding, floods, tsunami, sea level
droplet: water, drop, drops, liquid, hydration, moisture, tap water, drinking water
fire: fire, fires, flame, flames, wildfire, wildfires, burn, bonfire, campfire, firefighting
volcano: volcano, volcanoes, eruption, lava
desert: desert, deserts, drought, sahara, sand dunes
rainbow: rainbow
recycling-symbol: recycling, recycle, ~recycled, ~sustainability, ~sustainable, eco-friendly, reuse
wastebasket: trash, garbage, waste, rubbish, bin, landfill, trash can
seedling: sprout, seed, seeds, seedling, ~planting, gardening, garden bed, ~growing, sapling
potted-plant: plant, plants, houseplant, houseplants, indoor plant, pot plant, garden, gardens, soil
deciduous-tree: tree, trees, woodland, oak, oak tree, orchard
evergreen-tree: forest, forests, pine, pine tree, woods, rainforest, jungle, deforestation
palm-tree: palm, palm tree, palm trees, tropical, tropics, coconut palm
desert-island: island, islands, paradise
beach-with-umbrella: beach, beaches, vacation, holiday, holidays, resort, seaside, coast, shore
mountain: mountain, mountains, hill, hills, peak, summit, cliff, canyon, valley
snow-capped-mountain: alps, himalayas, everest, snowy mountain, glacier, glaciers
hiking-boot: hiking, hike, hiker, hikers, trail, trails, trekking, boots
camping: camping, camp, campsite, campground, tent
national-park: national park, nature reserve, wilderness, nature, countryside, park
tulip: flower, flowers, tulip, tulips, bloom
bouquet: bouquet, florist, flower shop
cherry-blossom: blossom, blossoms, ~spring, springtime
fallen-leaf: autumn, leaves, leaf, fall foliage
honeybee: bee, bees, beekeeper, beekeeping, pollination, pollinator, pollinators, hive, beehive
honey-pot: honey
tractor: farm, farms, farming, agriculture, ~agricultural, tractor, ranch, farmland, fields, field
farmer: farmer, farmers, grower, growers, rancher
sheaf-of-rice: crop, crops, harvest, grain, grains, wheat, cereal, barley, rice field, rice paddy
ear-of-corn: corn, maize, cornfield
cow: cattle, cows, dairy, livestock, cow, dairy farm
cut-of-meat: meat, beef, steak, pork, butcher
poultry-leg: chicken wing, chicken wings, drumstick, fried chicken
glass-of-milk: milk, dairy products
fork-and-knife-with-plate: food, meal, meals, dinner, lunch, breakfast, restaurant, restaurants, cuisine, dish, dishes, eating, brunch, diet, nutrition, supper
pot-of-food: recipe, recipes, soup, stew, curry, chili
steaming-bowl: noodles, ramen, noodle soup, pho
cooking: cooking, cook, kitchen, frying pan, pan, stove, fry, frying
cook: chef, chefs, baker, cook book
bread: bread, bakery, baking, loaf, toast, dough, flour, bakery shop
croissant: croissant, pastry, pastries
shortcake: cake, cakes, dessert, desserts, slice of cake
birthday-cake: birthday, birthday cake, anniversary
cupcake: cupcake, cupcakes, muffin, muffins
cookie: cookie, cookies, biscuit, biscuits
candy: candy, sweets, sugar, candies
chocolate-bar: chocolate, cocoa, chocolate bar
ice-cream: ice cream, gelato, sundae
soft-ice-cream: soft serve, ice cream cone
doughnut: donut, donuts, doughnut, doughnuts
broccoli: vegetable, vegetables, veggies, broccoli, greens
leafy-green: lettuce, spinach, kale, cabbage
green-salad: salad, salads, healthy eating, healthy food
red-apple: apple, apples, fruit, fruits
hot-pepper: chili pepper, chili peppers, spice, spices, spicy, hot sauce, jalapeño, jalapeno
hot-beverage: french press, coffee, espresso, latte, cappuccino, cafe, café, coffee shop, coffee bean, coffee beans, mug, hot chocolate, caffeine, barista, coffee cup, cup of coffee, coffee maker
teacup-without-handle: tea, green tea, matcha, tea leaves
wine-glass: wine, wines, winery, vineyard, red wine, white wine, sommelier
beer-mug: beer, beers, brewery, pub, bar, lager, ale, craft beer
cocktail-glass: cocktail, cocktails, drinks, drink, martini, alcohol
tropical-drink: juice, smoothie, smoothies, lemonade, mocktail
cup-with-straw: soda, soft drink, soft drinks, milkshake
bottle-with-popping-cork: champagne, celebration toast
cheese-wedge: cheese, cheeses
egg: egg, eggs
cooked-rice: rice, cooked rice
spaghetti: pasta, spaghetti, noodle
hamburger: burger, burgers, hamburger, fast food, cheeseburger
pizza: pizza, pizzas, pizzeria
french-fries: fries, french fries, chips
sandwich: sandwich, sandwiches, sub
sushi: sushi, sashimi
fish: fish, fishes, seafood, salmon, tuna, cod, fishing, fisherman, fishermen, fisheries
fishing-pole: fishing rod, angler, anglers
shrimp: shrimp, prawn, prawns
soccer-ball: soccer, football, sport, sports, match, football match, world cup, striker, goalkeeper
basketball: basketball, nba
american-football: american football, nfl, quarterback, super bowl
tennis: tennis, wimbledon
flag-in-hole: golf, golfer, golf course
baseball: baseball, mlb
cricket-game: cricket match, cricket bat
video-game: video game, video games, gaming, gamer, gamers, console, controller, playstation, xbox, nintendo, esports
game-die: board game, board games, dice, luck, chance, gamble, gambling, casino
chess-pawn: chess, ~strategy, ~competition, competitor, competitors, ~tactics, rival, rivals
puzzle-piece: puzzle, puzzles, jigsaw, ~piece, ~missing piece
musical-notes: music, song, songs, melody, tune, soundtrack, playlist, lyrics, hit song
optical-disk: album, albums, cd, record
guitar: guitar, guitars, band, guitarist, rock band
musical-keyboard: piano, keyboard instrument, pianist, keys player
drum: drum, drums, drummer
violin: violin, orchestra, symphony, classical music
microphone: microphone, mic, karaoke, singing, concert, concerts, stage, vocals
studio-microphone: podcast, podcasts, podcaster, recording studio, voiceover, voice-over, voice over, narration
headphone: headphones, headphone, earbuds, earphones, listening
speaker-high-volume: sound, audio, volume, loudspeaker, speaker, speakers, noise
radio: radio, radio station, broadcast
camera: camera, cameras, photography, photographer, photographers, lens
camera-with-flash: photo, photos, photograph, photographs, snapshot, shot
framed-picture: picture, pictures, image, images, painting, paintings, artwork, gallery, portrait, art gallery, thumbnail
movie-camera: filming, filmmaker, videographer, film crew, camera crew, footage
clapper-board: movie, movies, film, films, cinema, hollywood, director, scene, trailer
television: tv, television, tv show, series, episode, streaming, netflix, tv series
newspaper: ~news, newspaper, newspapers, headline, headlines, journalist, journalism, press, media, report, reporter, article
rolled-up-newspaper: magazine, magazines
megaphone: marketing, advertising, advertisement, ad, ads, campaign, campaigns, announcement, promotion, ~promote, publicity, commercial
selfie: selfie, influencer, influencers, social media, instagram, tiktok
thumbs-up: likes, like button, approval, upvote, ~recommendation
artist-palette: art, design, designs, ~creative, color, colors, colour, colours, palette, artist, artists, painter
paintbrush: paint, brush, paintbrush
pencil: pencil, pencils, sketch, sketches, drawing
writing-hand: handwriting, signature, author, authors, writer, writers, novelist
fountain-pen: pen, pens, fountain pen
notebook: notebook, notebooks, journal, diary
straight-ruler: ruler, measurement, measure
scissors: scissors, cut, haircut, craft, crafts
balance-scale: law, laws, justice, court, lawyer, lawyers, attorney, legal, lawsuit, trial, ~fairness, ~equality, regulation, regulations
judge: judge, judges, jury
police-officer: police, police officer, officer, cop, cops, policeman, policewoman
police-car: police car, patrol car, squad car
detective: detective, investigator, crime, criminal, criminals, suspect, mystery
ballot-box-with-ballot: election, elections, vote, votes, voting, ballot, ballots, referendum, polls
military-helmet: army, soldier, soldiers, military, troops, war, wars, battle, veteran, veterans
crossed-swords: conflict, fight, fighting, battlefield, sword, swords
dove: peace, ceasefire, truce, dove
placard: protest, protests, protester, protesters, demonstration, strike, rally
passport-control: passport, passports, visa, immigration, border control, customs
luggage: luggage, suitcase, suitcases, travel, traveler, travelers, traveller, travellers, trip, trips, tourist, tourists, tourism, journey, packing
hotel: hotel, hotels, hostel, accommodation, booking, airbnb
ticket: ticket, tickets, adticket sales
compass: compass, direction, directions, navigation, ~adventure, explorer, explorers, exploration
round-pushpin: location, address, destination, pin, spot, place, venue
motorway: road, roads, highway, highways, street, streets, freeway, motorway, route, infrastructure, road trip
bridge-at-night: bridge, bridges
stadium: stadium, arena, stadiums
church: church, churches, chapel, cathedral
mosque: mosque, mosques
castle: castle, castles, palace, kingdom, fortress
crown: king, queen, royal, royalty, crown, monarch, monarchy, prince, princess, emperor, empire
statue-of-liberty: statue of liberty, liberty
moai: statue, statues, sculpture
ambulance: ambulance, ambulances, paramedic, paramedics, emergency
fire-engine: fire truck, fire engine, fire department, fire brigade
firefighter: firefighter, firefighters, fireman, firemen
collision: accident, crash, explosion, impact, collision
warning: warning, danger, risk, risks, hazard, ~caution, alert, scam, scams, ~threat
cross-mark: mistake, mistakes, error, errors, ~wrong answer
red-question-mark: question, questions, quiz, faq, ~mystery question, riddle
crystal-ball: ~future, prediction, predictions, forecast future, fortune teller
scroll: scroll, history book, ancient text, manuscript, ~legend, ~tradition
thought-balloon: thought, thoughts, ~dream, ~dreams, ~imagination, ~thinking
microscope: science, scientific, microscope, laboratory, lab, biology
test-tube: experiment, experiments, chemistry, chemical, chemicals, test tube, lab test
scientist: scientist, scientists, researcher, researchers
atom-symbol: physics, atom, atoms, nuclear, quantum, energy physics
dna: dna, gene, genes, genetic, genetics, genome
microbe: virus, viruses, bacterium, bacteria, germ, germs, microbe, microbes, infection, pandemic, covid, flu, cell, cells
abacus: math, maths, mathematics, calculation, calculator, accounting, accountant, arithmetic, equation
input-numbers: number, digits
technologist: developer, developers, programmer, programmers, engineer, engineers, coder, coders, hacker, hackers, it team, web developer, software engineer
office-worker: office worker, office workers, accountant, secretary, consultant, clerk
factory-worker: factory worker, factory workers, worker, workers, labor, labour, workforce, welder
mechanic: mechanic, mechanics, technician, technicians, auto repair
pilot: pilot, pilots, captain
astronaut: astronaut, astronauts, cosmonaut, nasa, spacewalk
artist: sculptor, illustrator, creator, creators, designer, designers
singer: singer, singers, vocalist, rapper, pop star
baby: baby, babies, infant, newborn, toddler
child: child, kid, kids, children, childhood, son, daughter
boy: boy, boys
girl: girl, girls
man: man, men, father, dad, husband, grandson, gentleman, guy
woman: woman, women, mother, mom, mum, wife, lady, ladies
old-man: grandfather, grandpa, old man, elderly man
old-woman: grandmother, grandma, granny, old woman, elderly woman
older-person: elderly, senior, seniors, retiree, retirees, retirement, pensioner, pensioners, aging
people-hugging: family, families, friend, friends, friendship, parents, parent, hug, hugs, relatives, ~support, couple, couples
wrapped-gift: gift, gifts, present, presents, bonus, ~reward, rewards, giveaway, surprise
party-popper: party, parties, celebration, celebrate, festival, festivals, launch party, congratulations
confetti-ball: confetti, carnival
christmas-tree: christmas, xmas
jack-o-lantern: halloween, pumpkin, pumpkins
wedding: wedding, weddings, marriage, bride, groom
ring: ring, rings, engagement, proposal, engagement ring
dog: dog, dogs, puppy, puppies, pup, canine
cat: cat, cats, kitten, kittens, feline
paw-prints: pet, pets, animal, animals, wildlife, paw, paws, veterinarian, vet
bird: bird, birds, songbird, sparrow, birdwatching
t-rex: dinosaur, dinosaurs, t-rex, jurassic
mouse: mouse, mice, rodent, rodents
computer-mouse: computer mouse, mouse click, click, clicks, cursor
bat: bat, bats
couch-and-lamp: sofa, couch, living room, furniture, interior, interior design, lounge
chair: chair, chairs, seat, seats, desk chair
door: door, doors, entrance, doorway, front door
window: window, windows
bathtub: bathroom, bath, bathtub
shower: shower
toilet: toilet, toilets, restroom
broom: cleaning, broom, sweeping, housework, chores, tidy
soap: soap, detergent, laundry, hand washing, hygiene
sponge: sponge, scrub, dishwashing
candle: candle, candles, candlelight
mirror: mirror, mirrors, reflection
t-shirt: shirt, shirts, t-shirt, tee, clothing, apparel, merch, merchandise
womans-clothes: clothes, outfit, outfits, blouse, wardrobe
dress: dress, dresses, gown
jeans: jeans, denim, trousers, pants
running-shoe: shoe, shoes, sneaker, sneakers, trainers, running shoes
high-heeled-shoe: heels, high heels, stiletto
handbag: handbag, purse, bag, bags, tote
backpack: backpack, backpacks, rucksack, schoolbag
watch: watch, watches, wristwatch, smartwatch
glasses: glasses, eyeglasses, spectacles, reading glasses
sunglasses: sunglasses, shades
lipstick: lipstick, makeup, make-up, cosmetics, beauty
lotion-bottle: lotion, skincare, skin care, sunscreen, cream, moisturizer, shampoo
nail-polish: nail polish, manicure, nails salon
sparkles: ~magic, sparkle, shine, glitter, ~new feature
magic-wand: magic, magician, spell, wand
bell: notification, notifications, bell, reminder, alerts
hundred-points: ~perfect score, one hundred percent, 100 percent
check-box-with-check: checkbox, tick box, to-do
calendar: month, monthly, calendar page
tear-off-calendar: daily, day planner
infinity: forever, ~infinity, unlimited, endless
prohibited: ban, banned, forbidden, prohibition, ~not allowed
no-smoking: no smoking, smoking ban
cigarette: cigarette, cigarettes, smoking, tobacco, smoker, smokers, vape, vaping
skull: death, deaths, ~deadly, poison, toxic, skull
headstone: grave, cemetery, funeral, tombstone
coffin: coffin
`;

/** Words and the icon they mean. The terms' weights: 1 for a thing, 0.5 for an abstract word drawn only failing better. */
export interface CuratedTerm {
  icon: string;
  abstract: boolean;
}

export function curatedTerms(): Map<string, CuratedTerm> {
  const terms = new Map<string, CuratedTerm>();
  for (const line of `${CURATED}\n${SYNONYMS}`.split('\n')) {
    const [icon, list] = line.split(/:\s*/, 2);
    if (!icon || !list) continue;
    for (const raw of list.split(/,\s*/)) {
      const term = raw.trim().toLowerCase();
      if (!term) continue;
      const abstract = term.startsWith('~');
      const key = abstract ? term.slice(1) : term;
      // The first line that names a word wins, so the table reads top-down like a list of preferences.
      if (!terms.has(key)) terms.set(key, { icon, abstract });
    }
  }
  return terms;
}

/**
 * Words with several senses, each drawn only in its sense: the first sense whose cue words the scene has; without
 * a cue, the default (null: not drawn at all).
 */
export const SENSES: Readonly<
  Record<string, { senses: Array<{ cues: string[]; icon: string | null }>; fallback: string | null }>
> = {
  bank: {
    senses: [{ cues: ['river', 'riverbank', 'stream', 'shore', 'canal', 'lake', 'fishing'], icon: null }],
    fallback: 'bank',
  },
  mouse: {
    senses: [
      {
        cues: [
          'click',
          'computer',
          'laptop',
          'keyboard',
          'cursor',
          'screen',
          'desk',
          'wireless',
          'scroll',
          'button',
          'pc',
        ],
        icon: 'computer-mouse',
      },
    ],
    fallback: 'mouse',
  },
  crane: {
    senses: [
      {
        cues: ['bird', 'birds', 'wetland', 'wetlands', 'feathers', 'migrate', 'migration', 'nest', 'paper', 'origami'],
        icon: null,
      },
    ],
    fallback: 'building-construction',
  },
  bat: {
    senses: [
      { cues: ['cricket', 'wicket', 'batsman', 'batter', 'innings'], icon: 'cricket-game' },
      { cues: ['baseball', 'pitcher', 'inning', 'home run', 'swing'], icon: 'baseball' },
    ],
    fallback: 'bat',
  },
  cricket: {
    senses: [{ cues: ['insect', 'insects', 'chirp', 'chirping', 'grasshopper'], icon: 'cricket' }],
    fallback: 'cricket-game',
  },
  seal: {
    senses: [
      {
        cues: [
          'ocean',
          'sea',
          'beach',
          'ice',
          'arctic',
          'fish',
          'pup',
          'pups',
          'whale',
          'penguin',
          'penguins',
          'colony',
        ],
        icon: 'seal',
      },
    ],
    fallback: null,
  },
  plant: {
    senses: [
      {
        cues: ['power', 'nuclear', 'factory', 'manufacturing', 'assembly', 'coal', 'chemical', 'treatment', 'workers'],
        icon: 'factory',
      },
    ],
    fallback: 'potted-plant',
  },
  chip: {
    senses: [
      {
        cues: [
          'computer',
          'processor',
          'semiconductor',
          'semiconductors',
          'silicon',
          'phone',
          'phones',
          'laptop',
          'ai',
          'smartphone',
        ],
        icon: 'gear',
      },
    ],
    fallback: 'french-fries',
  },
  chips: {
    senses: [
      {
        cues: [
          'computer',
          'processor',
          'semiconductor',
          'semiconductors',
          'silicon',
          'phone',
          'phones',
          'laptop',
          'ai',
          'smartphone',
        ],
        icon: 'gear',
      },
    ],
    fallback: 'french-fries',
  },
  match: {
    senses: [{ cues: ['fire', 'light', 'candle', 'matchbox', 'strike'], icon: 'fire' }],
    fallback: 'soccer-ball',
  },
  mail: { senses: [], fallback: 'e-mail' },
  football: {
    senses: [{ cues: ['nfl', 'quarterback', 'touchdown', 'super bowl', 'american'], icon: 'american-football' }],
    fallback: 'soccer-ball',
  },
  goal: {
    senses: [
      {
        cues: ['football', 'soccer', 'scored', 'score', 'striker', 'goalkeeper', 'penalty', 'match'],
        icon: 'goal-net',
      },
    ],
    fallback: 'bullseye',
  },
  port: {
    senses: [{ cues: ['usb', 'hdmi', 'cable', 'laptop', 'computer', 'charger'], icon: 'electric-plug' }],
    fallback: 'anchor',
  },
  stage: {
    senses: [
      {
        cues: [
          'concert',
          'band',
          'singer',
          'theater',
          'theatre',
          'audience',
          'perform',
          'performance',
          'actor',
          'actors',
          'play',
        ],
        icon: 'microphone',
      },
    ],
    fallback: null,
  },
  cell: {
    senses: [
      {
        cues: [
          'prison',
          'jail',
          'phone',
          'battery',
          'solar',
          'spreadsheet',
          'excel',
          'panel',
          'panels',
          'electrons',
          'electricity',
          'fuel',
        ],
        icon: null,
      },
    ],
    fallback: 'microbe',
  },
  tube: {
    senses: [
      {
        cues: ['bike', 'bicycle', 'tyre', 'tire', 'tyres', 'tires', 'wheel', 'puncture', 'inner', 'valve'],
        icon: 'wheel',
      },
      { cues: ['london', 'underground', 'station', 'train', 'line', 'commute'], icon: 'metro' },
    ],
    fallback: null,
  },
  cells: {
    senses: [
      {
        cues: [
          'prison',
          'jail',
          'phone',
          'battery',
          'solar',
          'spreadsheet',
          'excel',
          'panel',
          'panels',
          'electrons',
          'electricity',
          'fuel',
        ],
        icon: null,
      },
    ],
    fallback: 'microbe',
  },
  server: {
    senses: [{ cues: ['restaurant', 'waiter', 'waitress', 'tips', 'table', 'menu'], icon: null }],
    fallback: 'cloud',
  },
  tablet: {
    senses: [
      {
        cues: ['screen', 'ipad', 'app', 'apps', 'device', 'devices', 'touchscreen', 'laptop', 'phone'],
        icon: 'mobile-phone',
      },
    ],
    fallback: 'pill',
  },
  record: {
    senses: [{ cues: ['vinyl', 'album', 'music', 'song', 'songs', 'label', 'turntable'], icon: 'optical-disk' }],
    fallback: null,
  },
  shot: {
    senses: [
      { cues: ['vaccine', 'flu', 'booster', 'jab', 'arm', 'nurse'], icon: 'syringe' },
      { cues: ['camera', 'photo', 'photographer', 'lens', 'frame'], icon: 'camera-with-flash' },
    ],
    fallback: null,
  },
  field: {
    senses: [
      {
        cues: ['farm', 'farmer', 'farmers', 'crop', 'crops', 'harvest', 'wheat', 'corn', 'cattle', 'tractor'],
        icon: 'tractor',
      },
    ],
    fallback: null,
  },
  fields: {
    senses: [
      {
        cues: ['farm', 'farmer', 'farmers', 'crop', 'crops', 'harvest', 'wheat', 'corn', 'cattle', 'tractor', 'rice'],
        icon: 'tractor',
      },
    ],
    fallback: null,
  },
  spring: {
    senses: [
      {
        cues: ['flowers', 'blossom', 'season', 'bloom', 'april', 'march', 'may', 'garden', 'winter', 'summer'],
        icon: 'cherry-blossom',
      },
    ],
    fallback: null,
  },
  fall: {
    senses: [
      { cues: ['leaves', 'autumn', 'season', 'october', 'november', 'pumpkin', 'harvest'], icon: 'fallen-leaf' },
    ],
    fallback: null,
  },
  bar: {
    senses: [
      {
        cues: ['chart', 'graph', 'menu', 'search', 'toolbar', 'progress', 'status', 'chocolate', 'protein', 'soap'],
        icon: null,
      },
    ],
    fallback: 'beer-mug',
  },
  pitch: {
    senses: [{ cues: ['football', 'soccer', 'match', 'players', 'stadium'], icon: 'soccer-ball' }],
    fallback: null,
  },
  band: {
    senses: [{ cues: ['rubber', 'wrist', 'resistance', 'elastic', 'broadband', 'frequency'], icon: null }],
    fallback: 'guitar',
  },
  trunk: {
    senses: [
      { cues: ['elephant'], icon: 'elephant' },
      { cues: ['tree', 'bark', 'branches'], icon: 'deciduous-tree' },
    ],
    fallback: 'automobile',
  },
  bug: {
    senses: [
      {
        cues: ['code', 'software', 'app', 'fix', 'developer', 'developers', 'program', 'release', 'update'],
        icon: 'bug',
      },
    ],
    fallback: 'bug',
  },
  python: {
    senses: [
      {
        cues: [
          'code',
          'coding',
          'programming',
          'script',
          'developer',
          'developers',
          'language',
          'library',
          'install',
          'function',
        ],
        icon: 'laptop',
      },
    ],
    fallback: 'snake',
  },
  java: { senses: [{ cues: ['coffee', 'cup', 'mug'], icon: 'hot-beverage' }], fallback: 'laptop' },
  turkey: { senses: [], fallback: 'turkey' },
  date: { senses: [{ cues: ['palm', 'fruit', 'fruits', 'dried', 'figs'], icon: null }], fallback: 'spiral-calendar' },
  dates: { senses: [{ cues: ['palm', 'fruit', 'fruits', 'dried', 'figs'], icon: null }], fallback: 'spiral-calendar' },
  orange: {
    senses: [
      {
        cues: ['juice', 'fruit', 'fruits', 'peel', 'citrus', 'tree', 'oranges', 'squeeze', 'vitamin'],
        icon: 'tangerine',
      },
    ],
    fallback: null,
  },
  glass: {
    senses: [{ cues: ['wine', 'water', 'drink', 'milk', 'juice', 'pour', 'cheers'], icon: 'wine-glass' }],
    fallback: null,
  },
  table: {
    senses: [
      {
        cues: ['dinner', 'food', 'meal', 'lunch', 'restaurant', 'kitchen', 'dining'],
        icon: 'fork-and-knife-with-plate',
      },
    ],
    fallback: null,
  },
  bowl: {
    senses: [
      { cues: ['super', 'nfl'], icon: 'american-football' },
      {
        cues: ['soup', 'rice', 'noodles', 'salad', 'cereal', 'oats', 'porridge', 'mix', 'whisk', 'eggs', 'flour'],
        icon: 'bowl-with-spoon',
      },
    ],
    fallback: null,
  },
  trip: { senses: [{ cues: ['fall', 'stumble', 'wire'], icon: null }], fallback: 'luggage' },
  pot: {
    senses: [
      {
        cues: [
          'plant',
          'plants',
          'soil',
          'compost',
          'seedling',
          'seedlings',
          'garden',
          'flower',
          'flowers',
          'repot',
          'balcony',
        ],
        icon: 'potted-plant',
      },
      {
        cues: ['soup', 'boil', 'boiling', 'stew', 'pasta', 'cook', 'cooking', 'kitchen', 'stove', 'simmer', 'lid'],
        icon: 'pot-of-food',
      },
      { cues: ['honey'], icon: 'honey-pot' },
    ],
    fallback: null,
  },
  note: {
    senses: [
      { cues: ['music', 'song', 'songs', 'piano', 'guitar', 'melody', 'sing', 'play'], icon: 'musical-notes' },
      {
        cues: [
          'flavor',
          'flavour',
          'flavors',
          'flavours',
          'taste',
          'aroma',
          'coffee',
          'wine',
          'tea',
          'chocolate',
          'roast',
          'hints',
        ],
        icon: null,
      },
    ],
    fallback: 'memo',
  },
  notes: {
    senses: [
      { cues: ['music', 'song', 'songs', 'piano', 'guitar', 'melody', 'sing', 'play'], icon: 'musical-notes' },
      {
        cues: [
          'flavor',
          'flavour',
          'flavors',
          'flavours',
          'taste',
          'aroma',
          'coffee',
          'wine',
          'tea',
          'chocolate',
          'roast',
          'hints',
        ],
        icon: null,
      },
    ],
    fallback: 'memo',
  },
  mission: {
    senses: [
      {
        cues: [
          'rocket',
          'space',
          'nasa',
          'moon',
          'mars',
          'astronaut',
          'astronauts',
          'launch',
          'orbit',
          'lunar',
          'crewed',
          'spacecraft',
        ],
        icon: 'rocket',
      },
    ],
    fallback: 'bullseye',
  },
  missions: {
    senses: [
      {
        cues: [
          'rocket',
          'space',
          'nasa',
          'moon',
          'mars',
          'astronaut',
          'astronauts',
          'launch',
          'orbit',
          'lunar',
          'crewed',
          'spacecraft',
        ],
        icon: 'rocket',
      },
    ],
    fallback: 'bullseye',
  },
  plate: {
    senses: [
      {
        cues: ['tectonic', 'earthquake', 'earthquakes', 'continental', 'crust', 'license', 'licence', 'number'],
        icon: null,
      },
    ],
    fallback: 'fork-and-knife-with-plate',
  },
  plates: {
    senses: [
      {
        cues: ['tectonic', 'earthquake', 'earthquakes', 'continental', 'crust', 'license', 'licence', 'number'],
        icon: null,
      },
    ],
    fallback: 'fork-and-knife-with-plate',
  },
  address: {
    senses: [
      {
        cues: ['browser', 'web', 'website', 'email', 'e-mail', 'ip', 'url', 'router', 'domain', 'server'],
        icon: 'globe-with-meridians',
      },
      { cues: ['speech', 'audience', 'nation', 'president', 'keynote'], icon: null },
    ],
    fallback: 'round-pushpin',
  },
  traffic: {
    senses: [
      {
        cues: ['internet', 'web', 'website', 'site', 'seo', 'online', 'data', 'network', 'visitors', 'blog'],
        icon: 'globe-with-meridians',
      },
    ],
    fallback: 'automobile',
  },
  press: {
    senses: [
      { cues: ['coffee', 'espresso', 'brew', 'french'], icon: 'hot-beverage' },
      { cues: ['button', 'key', 'enter', 'hold'], icon: null },
    ],
    fallback: 'newspaper',
  },
};

/**
 * Words that are also common verbs or adjectives ("watch the video", "the key point", "book a table"): drawn only
 * when written as a noun (after an article, a possessive, a number or an adjective that follows one of those; or
 * as a plural after one), never after "to", a pronoun or a modal.
 */
export const NOUN_ONLY_WHEN_MARKED = new Set(
  `watch play fly duck bear ring fire park spring fall rock match light can check note bill iron tie bow pitch drive train plant
book stamp fish water cook cut run jump walk swim shop mail post film record phone email text call cross star kick box nail pen
brush comb lock key seal date dates sink trip bat bug plug screen fix charge saw spell chip tip tips stock order orders sub bar
shot field fields deal offer target aim focus strike rally ride draft copy cast design form list content page spot place
pin route site sound stage scene series tag ride hike head hand back face fan press pick support clean brew
smell taste hope dream rest change log shoot shoots stem flat`.split(/\s+/),
);

/** Plain names the CLDR keywords carry only loosely (they are indexed from labels only): body parts, everyday synonyms. */
const SYNONYMS = `
ear: ear, ears
eye: eye, eyes, eyesight, vision
nose: nose, noses, smell
mouth: mouth, lips
tongue: tongue, taste buds
foot: foot, feet
leg: leg, legs
bone: bone, bones, skeleton
chipmunk: squirrel, squirrels, chipmunk
hippopotamus: hippo, hippos
rabbit: bunny, bunnies, hare, hares
cat-face: kitty
turtle: tortoise, tortoises, sea turtle
blackbird: crow, crows, raven, ravens
hot-dog: sausage, sausages, hot dog
pancakes: pancake, pancakes, crepe, crepes
strawberry: berries, berry, strawberries, raspberry, raspberries
grapes: grape, grapes, vine, vines
peanuts: peanut, peanuts, nuts, almond, almonds, cashews
ice: iceberg, icebergs, ice cube, ice cubes
rock: boulder, boulders, stone, stones, pebble, pebbles
wood: log, logs, timber, lumber, firewood, planks
minibus: van, vans, minivan
wheel: tire, tires, tyre, tyres, wheel, wheels
flying-saucer: ufo, ufos, alien spaceship
flashlight: torch, flashlight
knot: rope, ropes, knot
diving-mask: scuba, snorkel, snorkeling, snorkelling, diving
performing-arts: theater, theatre, actor, actors, actress, drama, play performance
coat: jacket, jackets, coat, raincoat
globe-showing-europe-africa: europe, africa, european union, middle east
globe-showing-americas: americas, north america, south america, latin america, central america, caribbean
globe-showing-asia-australia: asia, oceania, southeast asia, pacific
microbe: parasite, parasites
skull-and-crossbones: pesticide, pesticides, insecticide, herbicide, weed killer, poison, toxic chemicals
blossom: meadow, meadows, wildflower, wildflowers, wildflower meadow, wildflower meadows
hyacinth: lavender, lilac
four-leaf-clover: clover, four-leaf clover
seedling: stem, stems, shoot, shoots
`;
