import classes from './print.module.css'

/** The class that keeps an element off the printed receipt. */
export const SCREEN_ONLY = classes.screenOnly
/** Marks the page whose print is the receipt alone. */
export const PRINT_AREA = classes.printArea
