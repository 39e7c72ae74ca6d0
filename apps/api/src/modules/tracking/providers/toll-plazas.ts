/**
 * National-highway toll plazas the FASTag simulator's vehicles cross: real plazas on the main
 * freight corridors (NH48 Delhi–Mumbai–Bengaluru–Chennai, Mumbai–Pune, Mumbai–Nashik, NH44, NH19,
 * NH16, NH65), with positions rounded to about a kilometre. `noGeocode` marks plazas the simulator
 * answers with ULIP's placeholder geocode, as the real feed does for plazas NHAI never located.
 * `[name, latitude, longitude, noGeocode?]`.
 */
export const TOLL_PLAZAS: readonly (readonly [string, number, number, boolean?])[] = [
  // NH48 Delhi – Jaipur – Ahmedabad
  ['Kherki Daula Toll Plaza', 28.396, 76.981],
  ['Shahjahanpur Toll Plaza', 27.999, 76.43],
  ['Manoharpur Toll Plaza', 27.293, 75.955],
  ['Daulatpura Toll Plaza', 27.03, 75.735],
  ['Thikariya Toll Plaza', 26.864, 75.621],
  ['Gegal Toll Plaza', 26.536, 74.76],
  // Ahmedabad – Vadodara – Mumbai
  ['Ahmedabad Toll Plaza (NE-1)', 22.985, 72.64],
  ['Vadodara Toll Plaza (NE-1)', 22.33, 73.235],
  ['Karjan Toll Plaza', 22.05, 73.12],
  ['Boriach Toll Plaza', 20.888, 72.955],
  ['Bagwada Toll Plaza', 20.465, 72.935],
  ['Charoti Toll Plaza', 19.89, 72.93],
  ['Khaniwade Toll Plaza', 19.487, 72.918],
  ['Dahisar Toll Naka', 19.262, 72.872],
  // Mumbai – Pune
  ['Urse Toll Plaza', 18.718, 73.671],
  ['Khalapur Toll Plaza', 18.836, 73.275],
  ['Shedung Toll Plaza', 18.95, 73.17, true],
  ['Mulund Toll Naka', 19.175, 72.956],
  // Mumbai – Nashik
  ['Padgha Toll Plaza', 19.36, 73.18],
  ['Ghoti Toll Plaza', 19.72, 73.63],
  ['Chandwad Toll Plaza', 20.33, 74.25],
  // Pune – Bengaluru
  ['Khed Shivapur Toll Plaza', 18.347, 73.862],
  ['Anewadi Toll Plaza', 17.773, 74.029],
  ['Tasawade Toll Plaza', 17.356, 74.141],
  ['Kini Toll Plaza', 16.927, 74.331],
  ['Kognoli Toll Plaza', 16.443, 74.399],
  ['Hattargi Toll Plaza', 16.036, 74.614],
  ['Guilal Toll Plaza', 14.29, 76.35],
  ['Nelamangala Toll Plaza', 13.092, 77.4],
  // Bengaluru – Chennai
  ['Attibele Toll Plaza', 12.781, 77.764],
  ['Krishnagiri Toll Plaza', 12.527, 78.2],
  ['Vaniyambadi Toll Plaza', 12.7, 78.61],
  ['Pallikonda Toll Plaza', 12.905, 78.946],
  ['Sriperumbudur Toll Plaza', 12.957, 79.895],
  // NH19 Delhi – Agra – Kanpur – Kolkata
  ['Gadpuri Toll Plaza', 28.21, 77.32],
  ['Mahuvan Toll Plaza', 27.353, 77.784],
  ['Anantram Toll Plaza', 26.53, 79.39],
  ['Kokhraj Toll Plaza', 25.53, 81.53],
  ['Palsit Toll Plaza', 23.16, 88.0],
  ['Dankuni Toll Plaza', 22.693, 88.281],
  // NH16 Kolkata – Chennai, NH65 Hyderabad – Vijayawada
  ['Kolaghat Toll Plaza', 22.43, 87.87],
  ['Debra Toll Plaza', 22.37, 87.55],
  ['Kalaparru Toll Plaza', 16.74, 81.1],
  ['Panthangi Toll Plaza', 17.2, 79.03],
  ['Korlapahad Toll Plaza', 17.08, 79.66],
  ['Chillakallu Toll Plaza', 16.88, 80.17],
];
