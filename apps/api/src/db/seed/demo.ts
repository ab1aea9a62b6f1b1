import { randomUUID } from 'node:crypto'
import type { EventPageCategory } from '@palco/domain/catalog/vocabulary'
import type { PresaleRule } from '@palco/domain/checkout/presale'
import { offsetAt } from '@palco/domain/format/wall-clock'
import type { InstallmentPlan } from '@palco/domain/installments/schedule'
import type { Insertable } from 'kysely'
import { materializeEventsIn } from '../../modules/seating/inventory.service.js'
import type { Db } from '../dialect.js'
import type { Database } from '../schema.js'
import { seedDemoCatalogExtras } from './demo-catalog-extras.js'
import { seedDemoCheckout } from './demo-checkout.js'
import { DEMO_INSCRIPTION_FORM } from './demo-inscription-form.js'
import { seedDemoWaitingRooms } from './demo-waiting-room.js'
import {
  type GeneratedLayout,
  generateStadiumLayout,
  generateTheatreLayout,
  type LayoutLanguage,
  type LayoutSection,
} from './layouts.js'

// Demo catalogue for both sites. Everything is placed relative to `now` so a fresh database always shows
// upcoming events that are on sale, whatever day the demo is started.

export const DEMO_SEED_KEY = 'demo_seed'
export const DEMO_SEED_VERSION = 'v1'

type Country = 'COL' | 'MEX'
type EventType =
  | 'SEASON_PASS'
  | 'EVENT_BUNDLE'
  | 'EVENT'
  | 'BASKETBALL'
  | 'FOOTBALL'
  | 'CYCLING'
  | 'TENNIS'
  | 'TOUR'
  | 'INSCRIPTION'
type CategorySlug = 'deportes' | 'conciertos' | 'teatro' | 'inscripciones'
type LayoutRef = 'stadium' | 'theatre'

const DAY_MS = 86_400_000
/** The paguitos plan of every demo event sold with it (an admin changes it at /backoffice/paguitos). */
const DEMO_INSTALLMENT_PLAN: InstallmentPlan = {
  kind: 'PAYMENT',
  deposit: { kind: 'PERCENT', bps: 2_500 },
  payments: 2,
  spacingDays: 10,
  lastDueDaysBeforeEvent: 7,
  minPayment: 0,
}
const HOUR_MS = 3_600_000

// Amounts below are written in major units (pesos) for readability; both currencies have 2 minor digits.
const toMinor = (major: number): number => Math.round(major * 100)

const CATEGORIES: { slug: CategorySlug; name_es: string; name_en: string }[] = [
  { slug: 'deportes', name_es: 'Deportes', name_en: 'Sports' },
  { slug: 'conciertos', name_es: 'Conciertos', name_en: 'Concerts' },
  { slug: 'teatro', name_es: 'Teatro', name_en: 'Theatre' },
  { slug: 'inscripciones', name_es: 'Inscripciones', name_en: 'Sign-ups' },
]

const ZONE_COLORS = ['#c92a2a', '#e8590c', '#1c7ed6', '#2f9e44', '#7048e8', '#f08c00', '#0c8599', '#868e96']

interface ZoneSpec {
  name: string
  price: number
  /** Unnumbered zones away from a layout. */
  capacity?: number
  /** Layout zones: every section whose code starts with one of these. */
  sectionPrefixes?: string[]
  perFanMax?: number
  /** An inscription category's age rule, in whole years on the event's date (issue 17). */
  minAge?: number
  maxAge?: number
  /** A bank-card presale tier (issue 42 part 2); its sponsor's test cards are listed in the README. */
  presale?: PresaleRule
}

/**
 * The demo's bank-card presales, one per country (README, demo section): a fictitious sponsor bank each, its
 * BIN range and the card types it takes. Sandbox test cards of these BINs are sponsor cards; the digit
 * before the check digit gives their type (domain checkout/presale.ts, `sandboxCardTypeOf`).
 */
export const DEMO_PRESALES = {
  COL: {
    sponsor: 'Banco Andino',
    binRanges: [{ from: '45999910', to: '45999919' }],
    cardTypes: ['CREDIT', 'DEBIT'],
  },
  MEX: { sponsor: 'Banco Quetzal', binRanges: [{ from: '525252', to: '525252' }], cardTypes: ['CREDIT'] },
} as const satisfies Record<string, PresaleRule>

interface VenueSpec {
  key: string
  name: string
  city: string
  address: string
  timeZone: string
  stadiumCode?: string
  layout?: LayoutRef
}

interface EventSpec {
  key: string
  slug: string
  type: EventType
  name: string
  description: string
  venue: string
  category: CategorySlug
  org?: string
  /** Days from `now`; the local wall-clock start is `time` in the venue's zone. */
  day: number
  time: string
  hours: number
  image: string
  installments?: boolean
  layout?: boolean
  qrType?: string
  /** An inscription that asks each participant the demo form (issue 17). */
  form?: boolean
  /** Where it is listed (spec §2); by default sign-ups on `/inscriptions`, the rest on the home page. */
  pageCategory?: EventPageCategory
  zones: ZoneSpec[]
}

interface ProductSpec {
  key: string
  slug: string
  type: 'SEASON_PASS' | 'EVENT_BUNDLE'
  name: string
  description: string
  category: CategorySlug
  org?: string
  image: string
  installments?: boolean
  /** Season passes pick one seat for every match, so they sell off the stadium map. */
  layout?: boolean
  qrType?: string
  includes: string[]
  zones: ZoneSpec[]
}

interface TourSpec {
  slug: string
  name: string
  description: string
  image: string
  zones: ZoneSpec[]
  dates: {
    city: string
    venue: string
    day: number
    time: string
    capacityScale: number
    installments?: boolean
  }[]
}

interface CountryDemo {
  country: Country
  currency: 'COP' | 'MXN'
  lang: LayoutLanguage
  venues: VenueSpec[]
  orgs: { code: string; name: string; sport: string }[]
  events: EventSpec[]
  tour: TourSpec
  products: ProductSpec[]
}

// ---------------------------------------------------------------------------------------------------------
// Stadium price plan: one zone per tier, mapped onto the generated layout's section codes.

type StadiumZoneKey =
  | 'palco'
  | 'occPref'
  | 'occGen'
  | 'oriPref'
  | 'oriGen'
  | 'corners'
  | 'northUpper'
  | 'southUpper'
  | 'northPopular'
  | 'southPopular'
  | 'parking'

const STADIUM_ZONES: {
  key: StadiumZoneKey
  es: string
  en: string
  prefixes: string[]
  perFanMax: number
}[] = [
  { key: 'palco', es: 'Palco VIP', en: 'VIP Box', prefixes: ['OCCIDENTAL_PALCO_'], perFanMax: 6 },
  {
    key: 'occPref',
    es: 'Occidental Preferencial',
    en: 'West Preferred',
    prefixes: ['OCCIDENTAL_PREFERENCIAL_'],
    perFanMax: 6,
  },
  {
    key: 'occGen',
    es: 'Occidental General',
    en: 'West General',
    prefixes: ['OCCIDENTAL_GENERAL_'],
    perFanMax: 10,
  },
  {
    key: 'oriPref',
    es: 'Oriental Preferencial',
    en: 'East Preferred',
    prefixes: ['ORIENTAL_PREFERENCIAL_'],
    perFanMax: 6,
  },
  {
    key: 'oriGen',
    es: 'Oriental General',
    en: 'East General',
    prefixes: ['ORIENTAL_GENERAL_'],
    perFanMax: 10,
  },
  { key: 'corners', es: 'Esquinas', en: 'Corners', prefixes: ['ESQUINA_'], perFanMax: 10 },
  { key: 'northUpper', es: 'Norte Alta', en: 'North Upper', prefixes: ['NORTE_ALTA_'], perFanMax: 10 },
  { key: 'southUpper', es: 'Sur Alta', en: 'South Upper', prefixes: ['SUR_ALTA_'], perFanMax: 10 },
  {
    key: 'northPopular',
    es: 'Norte Popular',
    en: 'North Standing',
    prefixes: ['NORTE_POPULAR_'],
    perFanMax: 6,
  },
  { key: 'southPopular', es: 'Sur Popular', en: 'South Standing', prefixes: ['SUR_POPULAR_'], perFanMax: 6 },
  { key: 'parking', es: 'Parqueadero', en: 'Parking', prefixes: ['PARQUEADERO_'], perFanMax: 2 },
]

function stadiumZones(lang: LayoutLanguage, prices: Record<StadiumZoneKey, number>): ZoneSpec[] {
  return STADIUM_ZONES.map((z) => ({
    name: z[lang],
    price: prices[z.key],
    sectionPrefixes: z.prefixes,
    perFanMax: z.perFanMax,
  }))
}

/** A dearer fixture: same plan, prices scaled and rounded to a price a box office would print. */
function scalePrices<K extends string>(
  prices: Record<K, number>,
  factor: number,
  step: number,
): Record<K, number> {
  const out = {} as Record<K, number>
  for (const k of Object.keys(prices) as K[]) out[k] = Math.round((prices[k] * factor) / step) * step
  return out
}

const COP_STADIUM: Record<StadiumZoneKey, number> = {
  palco: 450_000,
  occPref: 280_000,
  occGen: 160_000,
  oriPref: 190_000,
  oriGen: 110_000,
  corners: 85_000,
  northUpper: 65_000,
  southUpper: 65_000,
  northPopular: 45_000,
  southPopular: 45_000,
  parking: 25_000,
}

const MXN_STADIUM: Record<StadiumZoneKey, number> = {
  palco: 2_500,
  occPref: 1_600,
  occGen: 950,
  oriPref: 1_100,
  oriGen: 700,
  corners: 500,
  northUpper: 380,
  southUpper: 380,
  northPopular: 250,
  southPopular: 250,
  parking: 150,
}

// ---------------------------------------------------------------------------------------------------------
// Colombia (es-CO, COP, America/Bogota)

const BOGOTA = 'America/Bogota'

const COLOMBIA: CountryDemo = {
  country: 'COL',
  currency: 'COP',
  lang: 'es',
  venues: [
    {
      key: 'stadium',
      name: 'Estadio La Sabana',
      city: 'Bogotá',
      address: 'Carrera 30 # 57-60',
      timeZone: BOGOTA,
      stadiumCode: 'SAN',
      layout: 'stadium',
    },
    {
      key: 'theatre',
      name: 'Teatro Libertador',
      city: 'Bogotá',
      address: 'Calle 10 # 5-32',
      timeZone: BOGOTA,
      layout: 'theatre',
    },
    {
      key: 'coliseo',
      name: 'Coliseo El Salitre',
      city: 'Bogotá',
      address: 'Calle 63 # 68-95',
      timeZone: BOGOTA,
    },
    {
      key: 'arenaBog',
      name: 'Arena El Dorado',
      city: 'Bogotá',
      address: 'Avenida El Dorado # 68C-61',
      timeZone: BOGOTA,
    },
    {
      key: 'arenaMed',
      name: 'Arena Aburrá',
      city: 'Medellín',
      address: 'Carrera 70 # 44-20',
      timeZone: BOGOTA,
    },
    {
      key: 'coliseoCali',
      name: 'Coliseo del Pacífico',
      city: 'Cali',
      address: 'Calle 5 # 62-00',
      timeZone: BOGOTA,
    },
    {
      key: 'arenaBaq',
      name: 'Arena del Caribe',
      city: 'Barranquilla',
      address: 'Vía 40 # 79-130',
      timeZone: BOGOTA,
    },
    {
      key: 'velodromo',
      name: 'Velódromo del Valle',
      city: 'Cali',
      address: 'Calle 9 # 34-01',
      timeZone: BOGOTA,
    },
    {
      key: 'tenis',
      name: 'Centro de Tenis La Colina',
      city: 'Bogotá',
      address: 'Calle 147 # 58-50',
      timeZone: BOGOTA,
    },
    {
      key: 'parque',
      name: 'Parque Metropolitano Simón Bolívar',
      city: 'Bogotá',
      address: 'Calle 63 # 59A-06',
      timeZone: BOGOTA,
    },
  ],
  orgs: [
    { code: 'SAN', name: 'Independiente Santa Fe', sport: 'FOOTBALL' },
    { code: 'ATS', name: 'Atlético Nacional', sport: 'FOOTBALL' },
  ],
  events: [
    {
      key: 'match1',
      slug: 'santa-fe-vs-nacional',
      type: 'FOOTBALL',
      name: 'Independiente Santa Fe vs. Atlético Nacional',
      description:
        'Fecha de la Liga colombiana en el Estadio La Sabana. Llegue temprano: las puertas abren dos horas antes del pitazo inicial.',
      venue: 'stadium',
      category: 'deportes',
      org: 'SAN',
      day: 21,
      time: '19:30',
      hours: 2,
      image: 'football',
      layout: true,
      qrType: 'DYNAMIC_ENCRYPTED',
      zones: stadiumZones('es', COP_STADIUM),
    },
    {
      key: 'match2',
      slug: 'superliga-nacional-vs-santa-fe',
      type: 'FOOTBALL',
      name: 'Superliga: Atlético Nacional vs. Independiente Santa Fe',
      description:
        'La final de la Superliga se juega en Bogotá. Boletería numerada en todas las tribunas excepto Norte y Sur Popular.',
      venue: 'stadium',
      category: 'deportes',
      org: 'ATS',
      day: 49,
      time: '18:00',
      hours: 2,
      image: 'football',
      layout: true,
      qrType: 'DYNAMIC_ENCRYPTED',
      zones: stadiumZones('es', scalePrices(COP_STADIUM, 1.15, 1_000)),
    },
    {
      key: 'basketball',
      slug: 'piratas-vs-titanes',
      type: 'BASKETBALL',
      name: 'Piratas de Bogotá vs. Titanes de Barranquilla',
      description: 'Baloncesto profesional de la Liga colombiana en el Coliseo El Salitre.',
      venue: 'coliseo',
      category: 'deportes',
      day: 17,
      time: '19:00',
      hours: 2,
      image: 'basketball',
      zones: [
        { name: 'Cancha VIP', price: 260_000, capacity: 96, perFanMax: 4 },
        { name: 'Preferencial', price: 120_000, capacity: 1_800 },
        { name: 'General', price: 45_000, capacity: 4_200 },
        {
          name: 'Preventa Banco Andino',
          price: 95_000,
          capacity: 400,
          perFanMax: 4,
          presale: DEMO_PRESALES.COL,
        },
      ],
    },
    {
      key: 'cycling',
      slug: 'clasica-de-pista-de-cali',
      type: 'CYCLING',
      name: 'Clásica de Pista de Cali',
      description: 'Velocidad, keirin y persecución por equipos con los mejores pistards del país.',
      venue: 'velodromo',
      category: 'deportes',
      day: 35,
      time: '10:00',
      hours: 3,
      image: 'cycling',
      zones: [
        { name: 'Zona VIP', price: 220_000, capacity: 150, perFanMax: 4 },
        { name: 'Tribuna meta', price: 60_000, capacity: 900 },
      ],
    },
    {
      key: 'tennis',
      slug: 'abierto-de-bogota-finales',
      type: 'TENNIS',
      name: 'Abierto de Bogotá: día de finales',
      description: 'Las finales de individuales y dobles en la cancha central de La Colina.',
      venue: 'tenis',
      category: 'deportes',
      day: 28,
      time: '15:00',
      hours: 3,
      image: 'tennis',
      zones: [
        { name: 'Palco central', price: 320_000, capacity: 200, perFanMax: 6 },
        { name: 'Tribuna preferencial', price: 150_000, capacity: 1_200 },
        { name: 'General', price: 70_000, capacity: 2_600 },
      ],
    },
    {
      key: 'concert',
      slug: 'sinfonica-salsera',
      type: 'EVENT',
      name: 'Sinfónica Salsera en concierto',
      description:
        'Cincuenta músicos y los clásicos de la salsa caleña en una sola noche. Páguelo en cuotas con Paguitos.',
      venue: 'arenaBog',
      category: 'conciertos',
      day: 42,
      time: '20:00',
      hours: 3,
      image: 'concert',
      installments: true,
      zones: [
        { name: 'VIP', price: 450_000, capacity: 800, perFanMax: 6 },
        { name: 'Platea', price: 260_000, capacity: 3_000 },
        { name: 'General', price: 150_000, capacity: 6_000 },
      ],
    },
    {
      key: 'play',
      slug: 'la-casa-de-bernarda-alba',
      type: 'EVENT',
      name: 'La casa de Bernarda Alba',
      description: 'El clásico de Federico García Lorca en una nueva puesta en escena. Sillas numeradas.',
      venue: 'theatre',
      category: 'teatro',
      day: 24,
      time: '20:00',
      hours: 2,
      image: 'theatre',
      layout: true,
      zones: [
        { name: 'Platea central', price: 180_000, sectionPrefixes: ['PLATEA_SECCION_CENTRO'] },
        {
          name: 'Platea lateral',
          price: 140_000,
          sectionPrefixes: ['PLATEA_SECCION_IZQUIERDA', 'PLATEA_SECCION_DERECHA'],
        },
        { name: 'Balcón central', price: 95_000, sectionPrefixes: ['BALCON_SECCION_CENTRO'] },
        {
          name: 'Balcón lateral',
          price: 70_000,
          sectionPrefixes: ['BALCON_SECCION_IZQUIERDA', 'BALCON_SECCION_DERECHA'],
        },
      ],
    },
    {
      key: 'race',
      slug: 'carrera-10k-bogota-corre',
      type: 'INSCRIPTION',
      name: 'Carrera 10K Bogotá Corre',
      description:
        'Inscríbase en la 10K, la 5K recreativa o la carrera infantil. Incluye camiseta, número con chip y medalla.',
      venue: 'parque',
      category: 'inscripciones',
      day: 84,
      time: '07:00',
      hours: 3,
      image: 'running',
      zones: [
        { name: '10K competitiva', price: 120_000, capacity: 3_000, perFanMax: 4 },
        { name: '5K recreativa', price: 85_000, capacity: 2_000, perFanMax: 4 },
        { name: 'Carrera infantil 2K (cortesía)', price: 0, capacity: 300, perFanMax: 2 },
      ],
    },
    {
      key: 'halfMarathon',
      slug: 'media-maraton-de-bogota',
      type: 'INSCRIPTION',
      name: 'Media Maratón de Bogotá',
      description:
        'Inscriba a cada corredor con sus datos, su talla de camiseta y su certificado médico. La 21K es para mayores de 18 años el día de la carrera; la 10K, desde los 14.',
      venue: 'parque',
      category: 'inscripciones',
      day: 98,
      time: '06:00',
      hours: 3,
      image: 'running',
      form: true,
      zones: [
        { name: '21K', price: 150_000, capacity: 4_000, perFanMax: 4, minAge: 18 },
        { name: '10K', price: 95_000, capacity: 3_000, perFanMax: 4, minAge: 14 },
      ],
    },
    {
      key: 'course',
      slug: 'curso-de-tenis-de-vacaciones',
      type: 'INSCRIPTION',
      pageCategory: 'ENROLLMENTS',
      name: 'Curso de tenis de vacaciones',
      description:
        'Dos semanas de clases para todos los niveles, de lunes a viernes, con raquetas y pelotas incluidas. Elija el grupo de la mañana (8:00 a 11:00) o el de la tarde (15:00 a 18:00); la fecha es la de la primera clase.',
      venue: 'tenis',
      category: 'inscripciones',
      day: 35,
      time: '08:00',
      hours: 3,
      image: 'tennis',
      zones: [
        { name: 'Grupo de la mañana', price: 380_000, capacity: 40, perFanMax: 3 },
        { name: 'Grupo de la tarde', price: 350_000, capacity: 40, perFanMax: 3 },
      ],
    },
    {
      // Sold from its organiser's own website, which links here and asks /api/event/check.
      key: 'organizerSite',
      slug: 'jazz-en-la-sabana',
      type: 'EVENT',
      pageCategory: 'WEB_ODE',
      name: 'Jazz en la Sabana',
      description:
        'Una noche de jazz latino al aire libre. La venta se hace desde la página del festival; aquí recibe sus boletas.',
      venue: 'arenaBog',
      category: 'conciertos',
      day: 49,
      time: '19:00',
      hours: 3,
      image: 'concert',
      zones: [{ name: 'General', price: 90_000, capacity: 1_500, perFanMax: 6 }],
    },
  ],
  tour: {
    slug: 'los-rayos-del-valle-tierra-adentro',
    name: 'Los Rayos del Valle: Gira Tierra Adentro',
    description:
      'La banda caleña recorre el país presentando su nuevo álbum. Cuatro ciudades, cuatro noches.',
    image: 'tour',
    zones: [
      { name: 'VIP', price: 380_000, capacity: 500, perFanMax: 6 },
      { name: 'Preferencial', price: 240_000, capacity: 2_000 },
      { name: 'General', price: 130_000, capacity: 5_000 },
    ],
    dates: [
      { city: 'bogota', venue: 'arenaBog', day: 56, time: '20:30', capacityScale: 1.2, installments: true },
      { city: 'medellin', venue: 'arenaMed', day: 63, time: '20:30', capacityScale: 1 },
      { city: 'cali', venue: 'coliseoCali', day: 70, time: '20:30', capacityScale: 0.8 },
      { city: 'barranquilla', venue: 'arenaBaq', day: 77, time: '20:30', capacityScale: 0.8 },
    ],
  },
  products: [
    {
      key: 'seasonPass',
      slug: 'abono-clasicos-santa-fe',
      type: 'SEASON_PASS',
      name: 'Abono Clásicos Santa Fe',
      description:
        'Su misma silla para los dos partidos grandes del semestre en La Sabana. Disponible en cuotas.',
      category: 'deportes',
      org: 'SAN',
      image: 'season-pass',
      installments: true,
      layout: true,
      qrType: 'DYNAMIC_ENCRYPTED',
      includes: ['match1', 'match2'],
      zones: [
        {
          name: 'Abono Occidental Preferencial',
          price: 480_000,
          sectionPrefixes: ['OCCIDENTAL_PREFERENCIAL_'],
          perFanMax: 4,
        },
        {
          name: 'Abono Occidental General',
          price: 280_000,
          sectionPrefixes: ['OCCIDENTAL_GENERAL_'],
          perFanMax: 4,
        },
        {
          name: 'Abono Oriental General',
          price: 190_000,
          sectionPrefixes: ['ORIENTAL_GENERAL_'],
          perFanMax: 4,
        },
        {
          name: 'Abono Norte y Sur Alta',
          price: 110_000,
          sectionPrefixes: ['NORTE_ALTA_', 'SUR_ALTA_'],
          perFanMax: 4,
        },
      ],
    },
    {
      key: 'bundle',
      slug: 'combo-deportes-bogota-cali',
      type: 'EVENT_BUNDLE',
      name: 'Combo Deportes: baloncesto, tenis y ciclismo',
      description:
        'Una entrada para cada evento: Piratas vs. Titanes, las finales del Abierto y la Clásica de Pista.',
      category: 'deportes',
      image: 'bundle',
      includes: ['basketball', 'tennis', 'cycling'],
      zones: [
        { name: 'Combo preferencial', price: 290_000, capacity: 150, perFanMax: 4 },
        { name: 'Combo general', price: 150_000, capacity: 400, perFanMax: 4 },
      ],
    },
  ],
}

// ---------------------------------------------------------------------------------------------------------
// Mexico (en-US, MXN). Monterrey keeps its own IANA zone even though it matches Mexico City today.

const CDMX = 'America/Mexico_City'

const MEXICO: CountryDemo = {
  country: 'MEX',
  currency: 'MXN',
  lang: 'en',
  venues: [
    {
      key: 'stadium',
      name: 'Estadio Insurgentes',
      city: 'Ciudad de México',
      address: 'Av. de los Insurgentes Sur 3500, Coyoacán',
      timeZone: CDMX,
      stadiumCode: 'IFC',
      layout: 'stadium',
    },
    {
      key: 'theatre',
      name: 'Teatro Reforma',
      city: 'Ciudad de México',
      address: 'Paseo de la Reforma 50, Cuauhtémoc',
      timeZone: CDMX,
      layout: 'theatre',
    },
    {
      key: 'auditorio',
      name: 'Auditorio Chapultepec',
      city: 'Ciudad de México',
      address: 'Av. Paseo de la Reforma 300, Miguel Hidalgo',
      timeZone: CDMX,
    },
    {
      key: 'arenaGdl',
      name: 'Arena Minerva',
      city: 'Guadalajara',
      address: 'Av. Vallarta 2500, Arcos Vallarta',
      timeZone: CDMX,
    },
    {
      key: 'arenaMty',
      name: 'Arena Cerro de la Silla',
      city: 'Monterrey',
      address: 'Av. Constitución 1200, Centro',
      timeZone: 'America/Monterrey',
    },
    {
      key: 'auditorioPue',
      name: 'Auditorio Angelópolis',
      city: 'Puebla',
      address: 'Blvd. del Niño Poblano 2700, Reserva Territorial Atlixcáyotl',
      timeZone: CDMX,
    },
    {
      key: 'velodromo',
      name: 'Velódromo Panamericano',
      city: 'Guadalajara',
      address: 'Av. Mariano Otero 1800, Jardines del Sol',
      timeZone: CDMX,
    },
    {
      key: 'tenis',
      name: 'Angelópolis Tennis Center',
      city: 'Puebla',
      address: 'Vía Atlixcáyotl 5200, San Andrés Cholula',
      timeZone: CDMX,
    },
    {
      key: 'bosque',
      name: 'Bosque de Chapultepec',
      city: 'Ciudad de México',
      address: 'Puerta de los Leones, Miguel Hidalgo',
      timeZone: CDMX,
    },
  ],
  orgs: [
    { code: 'IFC', name: 'Insurgentes F.C.', sport: 'FOOTBALL' },
    { code: 'OSW', name: 'Olmecas Sporting Wanderers', sport: 'FOOTBALL' },
  ],
  events: [
    {
      key: 'match1',
      slug: 'insurgentes-fc-vs-olmecas',
      type: 'FOOTBALL',
      name: 'Insurgentes F.C. vs. Olmecas S.W.',
      description: 'League matchday at Estadio Insurgentes. Gates open two hours before kick-off.',
      venue: 'stadium',
      category: 'deportes',
      org: 'IFC',
      day: 20,
      time: '19:00',
      hours: 2,
      image: 'football',
      layout: true,
      qrType: 'DYNAMIC_ENCRYPTED',
      zones: stadiumZones('en', MXN_STADIUM),
    },
    {
      key: 'match2',
      slug: 'champions-cup-olmecas-vs-insurgentes',
      type: 'FOOTBALL',
      name: 'Champions Cup: Olmecas S.W. vs. Insurgentes F.C.',
      description:
        'The Champions Cup final comes to Mexico City. Reserved seating everywhere except the standing ends.',
      venue: 'stadium',
      category: 'deportes',
      org: 'OSW',
      day: 48,
      time: '17:00',
      hours: 2,
      image: 'football',
      layout: true,
      qrType: 'DYNAMIC_ENCRYPTED',
      zones: stadiumZones('en', scalePrices(MXN_STADIUM, 1.2, 10)),
    },
    {
      key: 'basketball',
      slug: 'regios-vs-capitalinos',
      type: 'BASKETBALL',
      name: 'Regios Basketball vs. Capitalinos CDMX',
      description: 'Professional basketball under the lights at Arena Cerro de la Silla.',
      venue: 'arenaMty',
      category: 'deportes',
      day: 16,
      time: '20:00',
      hours: 2,
      image: 'basketball',
      zones: [
        { name: 'Courtside', price: 1_800, capacity: 96, perFanMax: 4 },
        { name: 'Lower Bowl', price: 750, capacity: 2_400 },
        { name: 'Upper Bowl', price: 280, capacity: 5_200 },
        {
          name: 'Banco Quetzal Presale',
          price: 600,
          capacity: 400,
          perFanMax: 4,
          presale: DEMO_PRESALES.MEX,
        },
      ],
    },
    {
      key: 'cycling',
      slug: 'guadalajara-track-cycling-grand-prix',
      type: 'CYCLING',
      name: 'Guadalajara Track Cycling Grand Prix',
      description: 'Sprint, keirin and team pursuit finals on the Panamerican velodrome boards.',
      venue: 'velodromo',
      category: 'deportes',
      day: 34,
      time: '11:00',
      hours: 3,
      image: 'cycling',
      zones: [
        { name: 'Infield VIP', price: 1_200, capacity: 150, perFanMax: 4 },
        { name: 'Finish Line Stand', price: 350, capacity: 900 },
      ],
    },
    {
      key: 'tennis',
      slug: 'puebla-open-finals-day',
      type: 'TENNIS',
      name: 'Puebla Open: Finals Day',
      description: 'Singles and doubles finals on center court at Angelópolis.',
      venue: 'tenis',
      category: 'deportes',
      day: 27,
      time: '16:00',
      hours: 3,
      image: 'tennis',
      zones: [
        { name: 'Center Court Box', price: 1_900, capacity: 200, perFanMax: 6 },
        { name: 'Preferred Stand', price: 850, capacity: 1_200 },
        { name: 'General Admission', price: 400, capacity: 2_600 },
      ],
    },
    {
      key: 'concert',
      slug: 'mariachi-sinfonico-chapultepec',
      type: 'EVENT',
      name: 'Mariachi Sinfónico: A Night at Chapultepec',
      description:
        'A full symphony orchestra meets three mariachi ensembles for one night only. Pay in installments with Paguitos.',
      venue: 'auditorio',
      category: 'conciertos',
      day: 41,
      time: '20:30',
      hours: 3,
      image: 'concert',
      installments: true,
      zones: [
        { name: 'VIP', price: 2_500, capacity: 800, perFanMax: 6 },
        { name: 'Orchestra', price: 1_500, capacity: 3_000 },
        { name: 'General Admission', price: 850, capacity: 6_000 },
      ],
    },
    {
      key: 'play',
      slug: 'the-last-train-to-veracruz',
      type: 'EVENT',
      name: 'The Last Train to Veracruz',
      description: 'An award-winning drama about one night on a 1950s sleeper train. Reserved seating.',
      venue: 'theatre',
      category: 'teatro',
      day: 23,
      time: '20:00',
      hours: 2,
      image: 'theatre',
      layout: true,
      zones: [
        { name: 'Center Orchestra', price: 1_200, sectionPrefixes: ['PLATEA_SECCION_CENTRO'] },
        {
          name: 'Side Orchestra',
          price: 950,
          sectionPrefixes: ['PLATEA_SECCION_IZQUIERDA', 'PLATEA_SECCION_DERECHA'],
        },
        { name: 'Center Balcony', price: 650, sectionPrefixes: ['BALCON_SECCION_CENTRO'] },
        {
          name: 'Side Balcony',
          price: 450,
          sectionPrefixes: ['BALCON_SECCION_IZQUIERDA', 'BALCON_SECCION_DERECHA'],
        },
      ],
    },
    {
      key: 'race',
      slug: 'chapultepec-10k-run',
      type: 'INSCRIPTION',
      name: 'Chapultepec 10K Run',
      description:
        'Sign up for the 10K, the 5K fun run or the kids’ race. Includes a shirt, chip-timed bib and medal.',
      venue: 'bosque',
      category: 'inscripciones',
      day: 83,
      time: '07:00',
      hours: 3,
      image: 'running',
      zones: [
        { name: '10K Race', price: 650, capacity: 3_000, perFanMax: 4 },
        { name: '5K Fun Run', price: 450, capacity: 2_000, perFanMax: 4 },
        { name: 'Kids 2K (complimentary)', price: 0, capacity: 300, perFanMax: 2 },
      ],
    },
    {
      key: 'halfMarathon',
      slug: 'mexico-city-half-marathon',
      type: 'INSCRIPTION',
      name: 'Mexico City Half Marathon',
      description:
        'Sign each runner up with their details, shirt size and medical certificate. The 21K is for runners 18 or older on race day; the 10K from 14.',
      venue: 'bosque',
      category: 'inscripciones',
      day: 97,
      time: '06:00',
      hours: 3,
      image: 'running',
      form: true,
      zones: [
        { name: '21K', price: 800, capacity: 4_000, perFanMax: 4, minAge: 18 },
        { name: '10K', price: 520, capacity: 3_000, perFanMax: 4, minAge: 14 },
      ],
    },
    {
      key: 'course',
      slug: 'tennis-holiday-course',
      type: 'INSCRIPTION',
      pageCategory: 'ENROLLMENTS',
      name: 'Tennis Holiday Course',
      description:
        'Two weeks of lessons for every level, Monday to Friday, rackets and balls included. Choose the morning group (8:00 to 11:00) or the afternoon one (15:00 to 18:00); the date is that of the first lesson.',
      venue: 'tenis',
      category: 'inscripciones',
      day: 34,
      time: '08:00',
      hours: 3,
      image: 'tennis',
      zones: [
        { name: 'Morning group', price: 2_200, capacity: 40, perFanMax: 3 },
        { name: 'Afternoon group', price: 2_000, capacity: 40, perFanMax: 3 },
      ],
    },
    {
      // Sold from its organiser's own website, which links here and asks /api/event/check.
      key: 'organizerSite',
      slug: 'jazz-in-the-park',
      type: 'EVENT',
      pageCategory: 'WEB_ODE',
      name: 'Jazz in the Park',
      description:
        'An open-air night of Latin jazz. Tickets are sold from the festival’s own website; you get them here.',
      venue: 'arenaGdl',
      category: 'conciertos',
      day: 48,
      time: '19:00',
      hours: 3,
      image: 'concert',
      zones: [{ name: 'General', price: 480, capacity: 1_500, perFanMax: 6 }],
    },
  ],
  tour: {
    slug: 'luna-nortena-desert-lights-tour',
    name: 'Luna Norteña: Desert Lights Tour',
    description: 'The norteño band brings its new album to four cities. Four nights, one unforgettable show.',
    image: 'tour',
    zones: [
      { name: 'VIP', price: 2_200, capacity: 500, perFanMax: 6 },
      { name: 'Preferred', price: 1_400, capacity: 2_000 },
      { name: 'General Admission', price: 750, capacity: 5_000 },
    ],
    dates: [
      {
        city: 'mexico-city',
        venue: 'auditorio',
        day: 55,
        time: '21:00',
        capacityScale: 1.2,
        installments: true,
      },
      { city: 'guadalajara', venue: 'arenaGdl', day: 62, time: '21:00', capacityScale: 1 },
      { city: 'monterrey', venue: 'arenaMty', day: 69, time: '21:00', capacityScale: 1 },
      { city: 'puebla', venue: 'auditorioPue', day: 76, time: '21:00', capacityScale: 0.8 },
    ],
  },
  products: [
    {
      key: 'seasonPass',
      slug: 'insurgentes-fc-season-pass',
      type: 'SEASON_PASS',
      name: 'Insurgentes F.C. Season Pass',
      description: 'Keep the same seat for both big matches of the season. Available in installments.',
      category: 'deportes',
      org: 'IFC',
      image: 'season-pass',
      installments: true,
      layout: true,
      qrType: 'DYNAMIC_ENCRYPTED',
      includes: ['match1', 'match2'],
      zones: [
        {
          name: 'Season West Preferred',
          price: 2_900,
          sectionPrefixes: ['OCCIDENTAL_PREFERENCIAL_'],
          perFanMax: 4,
        },
        { name: 'Season West General', price: 1_700, sectionPrefixes: ['OCCIDENTAL_GENERAL_'], perFanMax: 4 },
        { name: 'Season East General', price: 1_200, sectionPrefixes: ['ORIENTAL_GENERAL_'], perFanMax: 4 },
        {
          name: 'Season North & South Upper',
          price: 650,
          sectionPrefixes: ['NORTE_ALTA_', 'SUR_ALTA_'],
          perFanMax: 4,
        },
      ],
    },
    {
      key: 'bundle',
      slug: 'sports-weekend-pass',
      type: 'EVENT_BUNDLE',
      name: 'Sports Pass: Basketball, Tennis & Cycling',
      description:
        'One ticket for each: Regios vs. Capitalinos, the Puebla Open finals and the Track Cycling Grand Prix.',
      category: 'deportes',
      image: 'bundle',
      includes: ['basketball', 'tennis', 'cycling'],
      zones: [
        { name: 'Preferred Pass', price: 2_400, capacity: 150, perFanMax: 4 },
        { name: 'General Pass', price: 950, capacity: 400, perFanMax: 4 },
      ],
    },
  ],
}

const DEMO_COUNTRIES: readonly CountryDemo[] = [COLOMBIA, MEXICO]

// ---------------------------------------------------------------------------------------------------------
// Time

/** Milliseconds to add to a UTC instant to read the wall clock in `timeZone` at that instant. */
const zoneOffsetMs = (at: Date, timeZone: string): number => offsetAt(at.getTime(), timeZone)

/**
 * The instant at which the venue's clock reads `time` on the local date `days` after `now`. Asking Intl for the
 * offset (rather than hard-coding UTC-5/UTC-6) keeps this right for any zone, DST or not.
 */
export function localDateTime(now: Date, days: number, time: string, timeZone: string): Date {
  const target = new Date(now.getTime() + days * DAY_MS)
  const offset = zoneOffsetMs(target, timeZone)
  const local = new Date(target.getTime() + offset)
  const [hh, mm] = time.split(':').map(Number)
  const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hh ?? 0, mm ?? 0)
  // Offset at the target wall time itself, in case a DST change falls between `target` and it.
  return new Date(wall - zoneOffsetMs(new Date(wall - offset), timeZone))
}

// ---------------------------------------------------------------------------------------------------------
// Rows

type Row<T extends keyof Database> = Insertable<Database[T]>

interface Built {
  venues: Row<'venues'>[]
  layouts: Row<'layouts'>[]
  orgs: Row<'sport_organizations'>[]
  tours: Row<'tours'>[]
  events: Row<'events'>[]
  zones: Row<'price_zones'>[]
  items: Row<'event_product_items'>[]
  /** Inscriptions that ask each participant the demo form. */
  forms: string[]
}

const image = (name: string) => `/images/demo/${name}.svg`

function zoneRows(
  eventId: string,
  specs: ZoneSpec[],
  layout: GeneratedLayout | undefined,
  capacityScale = 1,
): Row<'price_zones'>[] {
  return specs.map((z, position) => {
    const base = {
      id: randomUUID(),
      event_id: eventId,
      name: z.name,
      price_amount: toMinor(z.price),
      per_fan_max: z.perFanMax ?? 10,
      min_age: z.minAge ?? null,
      max_age: z.maxAge ?? null,
      presale: z.presale ? JSON.stringify(z.presale) : null,
      color: ZONE_COLORS[position % ZONE_COLORS.length] as string,
      position,
    }
    if (!z.sectionPrefixes) {
      return {
        ...base,
        capacity: Math.round((z.capacity ?? 0) * capacityScale),
        section_codes: [],
        zone_type: 'GRANDSTAND',
        numbered: false,
      }
    }
    if (!layout) throw new Error(`zone "${z.name}" maps sections but its event has no layout`)
    const sections = layout.data.sections.filter((s) => z.sectionPrefixes?.some((p) => s.code.startsWith(p)))
    // A plan that drifts from the generator should fail the seed loudly, not sell a zone with no seats.
    if (sections.length === 0) throw new Error(`zone "${z.name}" matches no section of the layout`)
    const isNumbered = sections.every((s) => s.numbered)
    const unnumberedCapacity = sections.reduce((n: number, s: LayoutSection) => n + (s.capacity ?? 0), 0)
    return {
      ...base,
      capacity: isNumbered ? null : unnumberedCapacity,
      section_codes: sections.map((s) => s.code),
      zone_type: sections.every((s) => s.zoneType === 'PARKING') ? 'PARKING' : 'GRANDSTAND',
      numbered: isNumbered,
      color: sections[0]?.color ?? base.color,
    }
  })
}

function buildCountry(
  demo: CountryDemo,
  now: Date,
  categoryIds: Map<string, string>,
  orgIds: Map<string, string>,
  out: Built,
) {
  const { country, currency } = demo
  const layouts: Record<LayoutRef, GeneratedLayout> = {
    stadium: generateStadiumLayout({ lang: demo.lang }),
    theatre: generateTheatreLayout({ lang: demo.lang }),
  }
  const venues = new Map<string, { id: string; spec: VenueSpec; layoutId: string | null }>()
  for (const v of demo.venues) {
    const id = randomUUID()
    out.venues.push({
      id,
      country,
      name: v.name,
      city: v.city,
      address: v.address,
      time_zone: v.timeZone,
      stadium_code: v.stadiumCode ?? null,
    })
    let layoutId: string | null = null
    if (v.layout) {
      layoutId = randomUUID()
      const generated = layouts[v.layout]
      out.layouts.push({
        id: layoutId,
        venue_id: id,
        name: v.layout === 'stadium' ? `${v.name} — ${demo.lang === 'es' ? 'Fútbol' : 'Football'}` : v.name,
        kind: generated.data.kind,
        version: 1,
        data: JSON.stringify(generated.data),
        seat_count: generated.seatCount,
      })
    }
    venues.set(v.key, { id, spec: v, layoutId })
  }
  const venue = (key: string) => {
    const v = venues.get(key)
    if (!v) throw new Error(`unknown demo venue ${key}`)
    return v
  }
  const layoutOf = (key: string) => {
    const ref = venue(key).spec.layout
    return ref ? layouts[ref] : undefined
  }

  for (const o of demo.orgs) {
    const id = randomUUID()
    out.orgs.push({ id, country, code: o.code, name: o.name, sport: o.sport, logo_url: null })
    orgIds.set(`${country}:${o.code}`, id)
  }
  const org = (code: string | undefined) => (code ? (orgIds.get(`${country}:${code}`) ?? null) : null)
  const category = (slug: CategorySlug) => categoryIds.get(slug) ?? null

  // Sales opened a while ago and close when the doors open, so every demo event is buyable today.
  const onSaleAt = new Date(now.getTime() - 21 * DAY_MS)
  const common = {
    country,
    currency,
    status: 'PUBLISHED',
    visibility: 'ALL',
    on_sale_at: onSaleAt,
  }
  const times = new Map<string, { id: string; startsAt: Date; endsAt: Date; venueKey: string }>()

  for (const e of demo.events) {
    const id = randomUUID()
    const v = venue(e.venue)
    const startsAt = localDateTime(now, e.day, e.time, v.spec.timeZone)
    const endsAt = new Date(startsAt.getTime() + e.hours * HOUR_MS)
    out.events.push({
      ...common,
      id,
      slug: e.slug,
      type: e.type,
      name: e.name,
      description: e.description,
      venue_id: v.id,
      layout_id: e.layout ? v.layoutId : null,
      tour_id: null,
      category_id: category(e.category),
      sport_organization_id: org(e.org),
      starts_at: startsAt,
      ends_at: endsAt,
      off_sale_at: startsAt,
      page_category: e.pageCategory ?? (e.type === 'INSCRIPTION' ? 'INSCRIPTION' : 'HOME'),
      qr_type: e.qrType ?? 'STATIC_DEFAULT',
      image_url: image(e.image),
      installments_enabled: e.installments ?? false,
    })
    out.zones.push(...zoneRows(id, e.zones, e.layout ? layoutOf(e.venue) : undefined))
    if (e.form) out.forms.push(id)
    times.set(e.key, { id, startsAt, endsAt, venueKey: e.venue })
  }

  const tourId = randomUUID()
  const t = demo.tour
  out.tours.push({
    id: tourId,
    country,
    slug: t.slug,
    name: t.name,
    description: t.description,
    image_url: image(t.image),
  })
  for (const d of t.dates) {
    const id = randomUUID()
    const v = venue(d.venue)
    const startsAt = localDateTime(now, d.day, d.time, v.spec.timeZone)
    out.events.push({
      ...common,
      id,
      slug: `${t.slug}-${d.city}`,
      type: 'TOUR',
      name: `${t.name} — ${v.spec.city}`,
      description: t.description,
      venue_id: v.id,
      layout_id: null,
      tour_id: tourId,
      category_id: category('conciertos'),
      sport_organization_id: null,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 3 * HOUR_MS),
      off_sale_at: startsAt,
      page_category: 'HOME',
      qr_type: 'STATIC_DEFAULT',
      image_url: image(t.image),
      installments_enabled: d.installments ?? false,
    })
    out.zones.push(...zoneRows(id, t.zones, undefined, d.capacityScale))
  }

  // A pass or bundle runs from its first included event to its last and stops selling when the first starts.
  for (const p of demo.products) {
    const id = randomUUID()
    const included = p.includes.map((key) => {
      const e = times.get(key)
      if (!e) throw new Error(`unknown demo event ${key}`)
      return e
    })
    const first = included.reduce((a, b) => (b.startsAt < a.startsAt ? b : a))
    const last = included.reduce((a, b) => (b.endsAt > a.endsAt ? b : a))
    const v = venue(first.venueKey)
    out.events.push({
      ...common,
      id,
      slug: p.slug,
      type: p.type,
      name: p.name,
      description: p.description,
      venue_id: v.id,
      layout_id: p.layout ? v.layoutId : null,
      tour_id: null,
      category_id: category(p.category),
      sport_organization_id: org(p.org),
      starts_at: first.startsAt,
      ends_at: last.endsAt,
      off_sale_at: first.startsAt,
      page_category: 'HOME',
      qr_type: p.qrType ?? 'STATIC_DEFAULT',
      image_url: image(p.image),
      installments_enabled: p.installments ?? false,
    })
    out.zones.push(...zoneRows(id, p.zones, p.layout ? layoutOf(first.venueKey) : undefined))
    included.forEach((e, position) => {
      out.items.push({ product_id: id, event_id: e.id, position })
    })
  }
}

/**
 * Loads the demo catalogue once. Returns false when a previous run (or a concurrent one that committed first)
 * already did: the marker row is claimed in the same transaction as the data, so both land or neither does.
 */
export async function seedDemoData(db: Db, now: Date = new Date()): Promise<boolean> {
  const seeded = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('app_meta')
      .values({ key: DEMO_SEED_KEY, value: DEMO_SEED_VERSION })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst()
    if (!claimed) return false

    // Categories are shared by both countries and may already exist; reuse rather than duplicate them.
    await trx
      .insertInto('categories')
      .values(CATEGORIES.map((c, position) => ({ ...c, position })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute()
    const categories = await trx
      .selectFrom('categories')
      .select(['id', 'slug'])
      .where(
        'slug',
        'in',
        CATEGORIES.map((c) => c.slug),
      )
      .execute()
    const categoryIds = new Map(categories.map((c) => [c.slug, c.id]))

    const built: Built = {
      venues: [],
      layouts: [],
      orgs: [],
      tours: [],
      events: [],
      zones: [],
      items: [],
      forms: [],
    }
    const orgIds = new Map<string, string>()
    for (const demo of DEMO_COUNTRIES) buildCountry(demo, now, categoryIds, orgIds, built)

    await trx
      .insertInto('sport_organizations')
      .values(built.orgs)
      .onConflict((oc) => oc.columns(['country', 'code']).doNothing())
      .execute()
    // Re-read so events point at whichever row owns (country, code), ours or one that was already there.
    const orgs = await trx.selectFrom('sport_organizations').select(['id', 'country', 'code']).execute()
    const orgIdByKey = new Map(orgs.map((o) => [`${o.country}:${o.code}`, o.id]))
    const remapOrg = new Map(
      built.orgs.map((o) => [o.id as string, orgIdByKey.get(`${o.country}:${o.code}`)]),
    )
    for (const e of built.events) {
      if (e.sport_organization_id) e.sport_organization_id = remapOrg.get(e.sport_organization_id) ?? null
    }

    await trx.insertInto('venues').values(built.venues).execute()
    // One layout per statement: each stadium document is ~0.5 MB, no need to build a multi-megabyte query.
    for (const layout of built.layouts) await trx.insertInto('layouts').values(layout).execute()
    await trx.insertInto('tours').values(built.tours).execute()
    await trx.insertInto('events').values(built.events).execute()
    await trx.insertInto('price_zones').values(built.zones).execute()
    await trx.insertInto('event_product_items').values(built.items).execute()
    // The events sold with paguitos get a plan that fits them (issue 16): a quarter now, the rest in two
    // payments ten days apart, the last a week before the event at the latest.
    const paguitos = built.events.filter((e) => e.installments_enabled)
    if (paguitos.length > 0)
      await trx
        .insertInto('installment_plans')
        .values(
          paguitos.map((e) => ({ event_id: e.id as string, plan: JSON.stringify(DEMO_INSTALLMENT_PLAN) })),
        )
        .execute()
    // The half marathons ask each runner the demo form (issue 17).
    if (built.forms.length > 0)
      await trx
        .insertInto('inscription_forms')
        .values(
          built.forms.map((id) => ({ event_id: id, definition: JSON.stringify(DEMO_INSCRIPTION_FORM) })),
        )
        .execute()
    // Every demo event is published, so its places are made now, as publishing through the admin API
    // does, not by its first visitor's seat map (issue 13 defect 7: 2–7 s for a stadium).
    await materializeEventsIn(
      trx,
      built.events.map((e) => e.id as string),
    )
    await seedDemoCatalogExtras(trx)
    await seedDemoWaitingRooms(trx)
    return true
  })
  // Idempotent on its own, so databases seeded before checkout existed get the checkout demo data too.
  await seedDemoCheckout(db, now, seeded)
  return seeded
}
