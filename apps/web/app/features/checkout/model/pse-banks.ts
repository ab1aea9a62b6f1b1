/**
 * Banks offered for PSE (Colombia's bank debit). A short static list of the largest ones with their ACH
 * codes; a real deployment asks the provider for its current list (Mercado Pago's and Kushki's bank
 * endpoints), which the sandbox does not need.
 */
export const PSE_BANKS = [
  { code: '1007', name: 'Bancolombia' },
  { code: '1001', name: 'Banco de Bogotá' },
  { code: '1051', name: 'Davivienda' },
  { code: '1013', name: 'BBVA Colombia' },
  { code: '1023', name: 'Banco de Occidente' },
  { code: '1002', name: 'Banco Popular' },
  { code: '1052', name: 'Banco AV Villas' },
  { code: '1032', name: 'Banco Caja Social' },
  { code: '1019', name: 'Scotiabank Colpatria' },
  { code: '1006', name: 'Banco Itaú' },
  { code: '1062', name: 'Banco Falabella' },
  { code: '1507', name: 'Nequi' },
  { code: '1551', name: 'Daviplata' },
] as const
