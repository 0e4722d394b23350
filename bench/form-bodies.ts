// The form submissions the load scripts send, valid for the APIs as they stand: one audit and one
// intake application from a made-up Toronto cleaning company named after the script that sends them.

export function formBodies(sender: string) {
  const audit = {
    firstName: sender,
    lastName: 'Test',
    email: `${sender.toLowerCase()}@example.ca`,
    phone: '',
    businessName: `${sender} Cleaning Co`,
    industry: 'professional-services',
    website: '',
    monthlyRevenue: '10000-25000',
    currentMarketing: ['seo'],
    marketingBudget: '1000-5000',
    primaryGoals: ['lead-generation'],
    timeframe: '3-6-months',
    currentChallenges: ['low-traffic'],
    onlinePresence: 'fair',
    competitorAnalysis: 'some-idea',
    previousAgency: 'no',
  };
  const intake = {
    firstName: sender,
    lastName: 'Test',
    workEmail: `${sender.toLowerCase()}@example.ca`,
    mobile: '416-555-0100',
    company: `${sender} Cleaning Co`,
    website: '',
    industry: 'cleaners',
    city: 'Toronto',
    monthlyMarketingBudget: '1000-2500',
    biggestGoal: 'More recurring clients',
    howDidYouHear: '',
    caslConsent: 'true',
  };
  return { audit, intake };
}
