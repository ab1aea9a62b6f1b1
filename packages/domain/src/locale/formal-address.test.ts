import { describe, expect, it } from 'vitest'
import { informalAddress } from './formal-address.js'

describe('informalAddress', () => {
  it.each<[string, string[]]>([
    // Issue 13: the season pass's description.
    ['Tu misma silla para los dos partidos grandes del semestre.', ['Tu']],
    ['¿Tú ya tienes tus boletas?', ['Tú', 'tienes', 'tus']],
    ['Puedes pagar en cuotas y recibirás un correo.', ['Puedes', 'recibirás']],
    ['Si olvidaste tu contraseña, te enviamos un código.', ['olvidaste', 'tu', 'te']],
    ['Regístrate e inscríbete hoy; asegúrate de llegar temprano.', ['Regístrate', 'inscríbete', 'asegúrate']],
    ['Vos sabés que podés pagar después.', ['Vos', 'sabés', 'podés']],
    ['Haz tu compra.', ['Haz', 'tu']],
  ])('finds the informal words of %j', (text, expected) => {
    expect(informalAddress(text)).toEqual(expected)
  })

  it.each([
    'Su misma silla para los dos partidos grandes del semestre. Disponible en cuotas.',
    'Usted puede pagar en cuotas y recibirá un correo.',
    'Si olvidó su contraseña, le enviamos un código.',
    'Regístrese e inscríbase hoy; asegúrese de llegar temprano.',
    // Third-person verbs, adverbs in -mente, accents that are not enclitics, abbreviations.
    'El sistema revisa el pago y la venta abre el lunes. Únicamente en Bogotá, Cúcuta y Medellín.',
    'Tarjeta de identidad (TI). Estas boletas son suyas. Éste es el acceso norte.',
    'Pague antes de la fecha límite; el límite es de 10 boletas.',
    'Mis compras · Costado oriental · Puerta 3',
  ])('accepts the formal %j', (text) => {
    expect(informalAddress(text)).toEqual([])
  })
})
