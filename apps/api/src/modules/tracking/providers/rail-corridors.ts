/**
 * Indian Railways freight corridors the FOIS simulator's rakes run on: real stations with their
 * codes, in running order, positions rounded to about a kilometre. `[name, code, latitude, longitude]`.
 */
type Station = readonly [string, string, number, number];

const TKD: Station = ['TUGHLAKABAD', 'TKD', 28.505, 77.292];
const MTJ: Station = ['MATHURA JN', 'MTJ', 27.48, 77.676];
const ET: Station = ['ITARSI JN', 'ET', 22.614, 77.762];
const DELHI_ITARSI: Station[] = [
  TKD,
  MTJ,
  ['AGRA CANTT', 'AGC', 27.158, 77.99],
  ['GWALIOR JN', 'GWL', 26.218, 78.181],
  ['VG LAKSHMIBAI JHANSI JN', 'VGLJ', 25.445, 78.56],
  ['BINA JN', 'BINA', 24.176, 78.194],
  ['BHOPAL JN', 'BPL', 23.266, 77.413],
  ET,
];

export const RAIL_CORRIDORS: readonly (readonly Station[])[] = [
  // Pune – Daund – Manmad – Bhusaval – Itarsi – Delhi (Central Railway)
  [
    ['PUNE JN', 'PUNE', 18.529, 73.874],
    ['DAUND JN', 'DD', 18.465, 74.58],
    ['AHMADNAGAR', 'ANG', 19.087, 74.735],
    ['MANMAD JN', 'MMR', 20.251, 74.438],
    ['JALGAON JN', 'JL', 21.004, 75.563],
    ['BHUSAVAL JN', 'BSL', 21.046, 75.788],
    ['KHANDWA JN', 'KNW', 21.823, 76.352],
    ...[...DELHI_ITARSI].reverse(),
  ],
  // Mumbai – Kalyan – Nashik – Manmad – Bhusaval – Itarsi – Delhi
  [
    ['JNPT NHAVA SHEVA', 'JNPT', 18.95, 72.95],
    ['KALYAN JN', 'KYN', 19.235, 73.131],
    ['IGATPURI', 'IGP', 19.695, 73.563],
    ['NASIK ROAD', 'NK', 19.947, 73.842],
    ['MANMAD JN', 'MMR', 20.251, 74.438],
    ['BHUSAVAL JN', 'BSL', 21.046, 75.788],
    ['KHANDWA JN', 'KNW', 21.823, 76.352],
    ...[...DELHI_ITARSI].reverse(),
  ],
  // Mumbai – Vadodara – Ratlam – Kota – Delhi (Western Railway)
  [
    ['MUMBAI CENTRAL', 'MMCT', 18.969, 72.819],
    ['VASAI ROAD', 'BSR', 19.383, 72.832],
    ['VAPI', 'VAPI', 20.372, 72.905],
    ['SURAT', 'ST', 21.205, 72.841],
    ['VADODARA JN', 'BRC', 22.31, 73.181],
    ['RATLAM JN', 'RTM', 23.339, 75.04],
    ['KOTA JN', 'KOTA', 25.214, 75.864],
    ['SAWAI MADHOPUR', 'SWM', 26.0, 76.36],
    MTJ,
    TKD,
  ],
  // Chennai – Vijayawada – Nagpur – Itarsi – Delhi (Grand Trunk route)
  [
    ['CHENNAI CENTRAL', 'MAS', 13.083, 80.275],
    ['GUDUR JN', 'GDR', 14.146, 79.85],
    ['VIJAYAWADA JN', 'BZA', 16.518, 80.619],
    ['WARANGAL', 'WL', 17.96, 79.6],
    ['BALHARSHAH', 'BPQ', 19.85, 79.35],
    ['NAGPUR JN', 'NGP', 21.152, 79.088],
    ...[...DELHI_ITARSI].reverse(),
  ],
  // Howrah – Asansol – Mughalsarai – Kanpur – Delhi
  [
    ['HOWRAH JN', 'HWH', 22.584, 88.342],
    ['ASANSOL JN', 'ASN', 23.69, 86.98],
    ['DHANBAD JN', 'DHN', 23.79, 86.43],
    ['GAYA JN', 'GAYA', 24.8, 85.0],
    ['PT DEEN DAYAL UPADHYAYA JN', 'DDU', 25.28, 83.12],
    ['PRAYAGRAJ JN', 'PRYJ', 25.44, 81.83],
    ['KANPUR CENTRAL', 'CNB', 26.45, 80.35],
    ['TUNDLA JN', 'TDL', 27.21, 78.23],
    ['ALIGARH JN', 'ALJN', 27.88, 78.08],
    ['GHAZIABAD', 'GZB', 28.65, 77.43],
    TKD,
  ],
];
