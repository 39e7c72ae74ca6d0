-- The global vehicle-type catalogue every shipper sees (common Indian truck classes).
INSERT INTO "vehicle_types" ("industry_id", "name", "body", "capacity_tonnes") VALUES
  (NULL, 'Tata Ace (1 t)', 'open', 1),
  (NULL, '14 ft LCV', 'open', 4),
  (NULL, '17 ft LCV', 'closed', 7),
  (NULL, '19 ft', 'open', 9),
  (NULL, '20 ft SXL container', 'container', 7),
  (NULL, '22 ft', 'open', 12),
  (NULL, '24 ft SXL container', 'container', 9),
  (NULL, '32 ft SXL container', 'container', 7),
  (NULL, '32 ft MXL container', 'container', 15),
  (NULL, '10-wheeler (Taurus)', 'open', 21),
  (NULL, '12-wheeler', 'open', 25),
  (NULL, '14-wheeler', 'open', 30),
  (NULL, '40 ft trailer', 'trailer', 30),
  (NULL, 'Tanker 20 KL', 'tanker', 16),
  (NULL, 'Reefer 20 ft', 'refrigerated', 8);
