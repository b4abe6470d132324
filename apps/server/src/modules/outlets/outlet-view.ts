// Where an outlet is and how to reach it, as every answer about an outlet starts: the back
// office's outlets and the app's.

/** The outlet's place: its id, code, name, address, phone and position. */
export const outletPlace = (row: {
  id: string;
  code: string;
  name: string;
  address: string | null;
  phone: string | null;
  lat: number | null;
  lng: number | null;
}) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  address: row.address,
  phone: row.phone,
  lat: row.lat,
  lng: row.lng,
});
