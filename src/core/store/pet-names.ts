// Faker's English `animal.pet_name` definitions (@faker-js/faker 10, MIT), copied in their order: seeded
// names depend on both the list and its order. seed-pets.test.ts fails if Faker's list ever differs.
export const PET_NAMES = [
  'Ace', 'Archie', 'Bailey', 'Bandit', 'Bella', 'Bentley', 'Bruno', 'Buddy', 'Charlie', 'Coco', 'Cookie', 'Cooper',
  'Daisy', 'Dixie', 'Finn', 'Ginger', 'Gracie', 'Gus', 'Hank', 'Jack', 'Jax', 'Joey', 'Kobe', 'Leo', 'Lola', 'Louie',
  'Lucy', 'Maggie', 'Max', 'Mia', 'Milo', 'Molly', 'Murphey', 'Nala', 'Nova', 'Ollie', 'Oreo', 'Rosie', 'Scout',
  'Stella', 'Teddy', 'Tuffy',
] as const;
