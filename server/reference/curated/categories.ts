/**
 * Site categories after the IAB Content Taxonomy 1.0: tier-1 entries are category groups, tier-2 entries are
 * categories. The id is the IAB number part (IAB3 → group 3; IAB3-4 → category 304), stable by construction.
 */
type Tier1 = [number, string, [number, string][]];

const IAB: Tier1[] = [
  [1, 'Arts & Entertainment', [[1, 'Books & Literature'], [2, 'Celebrity Fan/Gossip'], [3, 'Fine Art'], [4, 'Humor'], [5, 'Movies'], [6, 'Music'], [7, 'Television']]],
  [2, 'Automotive', [[1, 'Auto Parts'], [2, 'Auto Repair'], [3, 'Buying/Selling Cars'], [4, 'Car Culture'], [10, 'Electric Vehicle'], [16, 'Motorcycles'], [20, 'Road-Side Assistance']]],
  [3, 'Business', [[1, 'Advertising'], [2, 'Agriculture'], [4, 'Business Software'], [5, 'Construction'], [7, 'Government'], [8, 'Green Solutions'], [10, 'Logistics'], [11, 'Marketing']]],
  [4, 'Careers', [[1, 'Career Planning'], [2, 'College'], [3, 'Financial Aid'], [4, 'Job Fairs'], [5, 'Job Search'], [8, 'Telecommuting']]],
  [5, 'Education', [[1, '7-12 Education'], [3, 'Adult Education'], [4, 'Art History'], [8, 'Distance Learning'], [9, 'English as a 2nd Language'], [10, 'Language Learning']]],
  [6, 'Family & Parenting', [[1, 'Adoption'], [2, 'Babies & Toddlers'], [4, 'Family Internet'], [5, 'Parenting - K-6 Kids'], [6, 'Parenting teens'], [8, 'Eldercare']]],
  [7, 'Health & Fitness', [[1, 'Exercise'], [5, 'Allergies'], [18, 'Diabetes'], [30, 'Men\'s Health'], [32, 'Nutrition'], [39, 'Sleep Disorders'], [44, 'Weight Loss'], [45, 'Women\'s Health']]],
  [8, 'Food & Drink', [[1, 'American Cuisine'], [5, 'Cocktails/Beer'], [6, 'Coffee/Tea'], [9, 'Dining Out'], [13, 'Italian Cuisine'], [14, 'Japanese Cuisine'], [18, 'Wine']]],
  [9, 'Hobbies & Interests', [[5, 'Board Games/Puzzles'], [7, 'Card Games'], [11, 'Candle & Soap Making'], [23, 'Photography'], [30, 'Video & Computer Games'], [21, 'Investors & Patents']]],
  [10, 'Home & Garden', [[1, 'Appliances'], [2, 'Entertaining'], [4, 'Gardening'], [5, 'Home Repair'], [6, 'Home Theater'], [7, 'Interior Decorating']]],
  [11, 'Law, Gov\'t & Politics', [[1, 'Immigration'], [2, 'Legal Issues'], [3, 'U.S. Government Resources'], [4, 'Politics'], [5, 'Commentary']]],
  [12, 'News', [[1, 'International News'], [2, 'National News'], [3, 'Local News']]],
  [13, 'Personal Finance', [[1, 'Beginning Investing'], [2, 'Credit/Debt & Loans'], [3, 'Financial News'], [5, 'Hedge Fund'], [7, 'Insurance'], [11, 'Stocks'], [12, 'Tax Planning']]],
  [14, 'Society', [[1, 'Dating'], [2, 'Divorce Support'], [4, 'Marriage'], [5, 'Senior Living'], [6, 'Teens'], [7, 'Weddings'], [8, 'Ethnic Specific']]],
  [15, 'Science', [[1, 'Astrology'], [2, 'Biology'], [3, 'Chemistry'], [4, 'Geology'], [6, 'Physics'], [8, 'Space/Astronomy'], [10, 'Weather']]],
  [16, 'Pets', [[1, 'Aquariums'], [2, 'Birds'], [3, 'Cats'], [4, 'Dogs'], [5, 'Large Animals'], [6, 'Reptiles'], [7, 'Veterinary Medicine']]],
  [17, 'Sports', [[3, 'Baseball'], [5, 'Bodybuilding'], [6, 'Boxing'], [12, 'Football'], [26, 'Pro Basketball'], [33, 'Scuba Diving'], [40, 'Tennis'], [44, 'World Soccer']]],
  [18, 'Style & Fashion', [[1, 'Beauty'], [2, 'Body Art'], [3, 'Fashion'], [4, 'Jewelry'], [5, 'Clothing'], [6, 'Accessories']]],
  [19, 'Technology & Computing', [[3, '3-D Graphics'], [6, 'Cameras & Camcorders'], [15, 'Computer Security'], [18, 'Email'], [20, 'Home Video/DVD'], [29, 'Entertainment'], [30, 'Cell Phones'], [36, 'Windows']]],
  [20, 'Travel', [[1, 'Adventure Travel'], [3, 'Air Travel'], [6, 'Budget Travel'], [10, 'Cruises'], [12, 'Europe'], [18, 'Hotels'], [25, 'Theme Parks']]],
  [21, 'Real Estate', [[1, 'Apartments'], [2, 'Architects'], [3, 'Buying/Selling Homes']]],
  [22, 'Shopping', [[1, 'Contests & Freebies'], [2, 'Couponing'], [3, 'Comparison'], [4, 'Engines']]],
  [23, 'Religion & Spirituality', [[1, 'Alternative Religions'], [2, 'Atheism/Agnosticism'], [3, 'Buddhism'], [5, 'Christianity'], [7, 'Islam'], [8, 'Judaism']]],
  [24, 'Uncategorized', []],
  [25, 'Non-Standard Content', [[1, 'Unmoderated UGC'], [2, 'Extreme Graphic/Explicit Violence'], [3, 'Pornography'], [4, 'Profane Content'], [5, 'Hate Content'], [7, 'Incentivized']]],
  [26, 'Illegal Content', [[1, 'Illegal Content'], [2, 'Warez'], [3, 'Spyware/Malware'], [4, 'Copyright Infringement']]],
];

/** Tier-1 groups: `{ id, name, iab }`. */
export const categoryGroups = IAB.map(([n, name]) => ({ id: n, name, iab: `IAB${n}` }));

/** Tier-2 categories with their group: `{ id, name, iab, category_group_id }`. */
export const categories = IAB.flatMap(([g, , subs]) =>
  subs.map(([n, name]) => ({ id: g * 100 + n, name, iab: `IAB${g}-${n}`, category_group_id: g })),
);
