/** "002180700123456789" → "002 180 70012345678 9" (bank, plaza, account, check); anything else as given. */
export const formatClabe = (clabe: string): string =>
  /^\d{18}$/.test(clabe)
    ? `${clabe.slice(0, 3)} ${clabe.slice(3, 6)} ${clabe.slice(6, 17)} ${clabe.slice(17)}`
    : clabe
