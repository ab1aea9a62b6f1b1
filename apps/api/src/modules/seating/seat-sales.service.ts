// What checkout may do to a reservation's seats while an order pays for them (seating owns the tables).
export {
  findHoldRow,
  lockHold,
  lockTakeablePlaces,
  moveHold,
  protectSeats,
  type SoldPlace,
  sellPlaces,
  setSeatsHoldEnd,
  unsellPlaces,
} from './seat-sales.repository.js'
