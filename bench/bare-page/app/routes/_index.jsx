import { useLoaderData } from "react-router";

export function loader() {
  return {
    items: Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Coffee ${i + 1}`, price: (9.99 + i).toFixed(2) })),
  };
}

export default function Index() {
  const { items } = useLoaderData();
  return (
    <main>
      <h1>Coffees</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {item.name}: ${item.price}
          </li>
        ))}
      </ul>
    </main>
  );
}
