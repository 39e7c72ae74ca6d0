/** The kinds an emission figure is made of (issue 37): truck classes, road fuels, modes. */
export const VEHICLE_CLASSES = ['lcv', 'mcv', 'hcv', 'mav'] as const;
export type VehicleClass = (typeof VEHICLE_CLASSES)[number];
export const ROAD_FUELS = ['diesel', 'cng'] as const;
export type RoadFuel = (typeof ROAD_FUELS)[number];
export const TRANSPORT_MODES = ['road', 'rail'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];
